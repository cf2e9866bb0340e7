/**
 * A demo creator from media to rows: their avatar, cover and post media made first (all at
 * once, outside any transaction), then their account, profile, files and posts written in
 * the seed's transaction.
 */
import type { AppContext } from '../context.js';
import type { Tx } from '../db/client.js';
import { users } from '../domains/accounts/accounts.tables.js';
import { feedFiles, feeds } from '../domains/feeds/feeds.tables.js';
import { FEED_PHOTO_PURPOSE, FEED_VIDEO_PURPOSE } from '../domains/feeds/index.js';
import { performers } from '../domains/performers/performers.tables.js';
import { files } from '../media/files.tables.js';
import { queueTranscode } from '../media/video-upload.js';
import { initialsSvg, writeUpload } from './avatars.js';
import { portraitSvg, sceneSvg } from './demo-art.js';
import type { SeededCreator } from './demo-audience.js';
import { DEMO_CREATORS, type DemoCreator } from './demo-content.js';
import { COVER_SIZE, demoFfmpeg, PHOTO_SIZE, storeDemoVideo, storeDrawing } from './demo-media.js';

type FileRow = typeof files.$inferInsert;

export interface CreatorMedia {
  avatar: FileRow;
  cover: FileRow;
  /** Each post's media, in the post's order; null: a video post whose video could not be made (left out). */
  posts: (FileRow[] | null)[];
}

const HOUR_MS = 60 * 60 * 1000;

/** Every demo creator's media, made at once; `note` hears what was left out. */
export async function makeCreatorMedia(ctx: AppContext, creatorIds: readonly string[], note: (line: string) => void): Promise<CreatorMedia[]> {
  const ffmpeg = DEMO_CREATORS.some((creator) => creator.posts.some((post) => post.video)) ? demoFfmpeg() : null;
  if (!ffmpeg) note('Demo videos left out: no ffmpeg was found (install it, or set FFMPEG_PATH, then start from an empty data folder).');
  return Promise.all(
    DEMO_CREATORS.map(async (creator, index): Promise<CreatorMedia> => {
      const ownerId = creatorIds[index]!;
      const { hue, skinTone, longHair, cover } = creator.art;
      const postMedia = creator.posts.map(async (post, p): Promise<FileRow[] | null> => {
        const seed = index * 100 + p * 10;
        if (post.video) {
          if (!ffmpeg) return null;
          const video = await storeDemoVideo(ctx, ffmpeg, ownerId, post.video, hue, seed, FEED_VIDEO_PURPOSE);
          if ('failed' in video) {
            note(`A demo video of ${creator.account.name} was left out: ${video.failed}`);
            return null;
          }
          return [video];
        }
        const photos = (post.photos ?? []).map((scene, k) => storeDrawing(ctx, ownerId, sceneSvg(scene, hue, seed + k, PHOTO_SIZE.width, PHOTO_SIZE.height), 'photo', 'media', FEED_PHOTO_PURPOSE));
        return Promise.all(photos);
      });
      const [avatarFile, coverFile, posts] = await Promise.all([
        storeDrawing(ctx, ownerId, portraitSvg(hue, creator.profile.hair ?? 'brown', skinTone, longHair), 'avatar', 'images', 'avatar'),
        storeDrawing(ctx, ownerId, sceneSvg(cover, hue, index + 1, COVER_SIZE.width, COVER_SIZE.height), 'cover', 'images', 'cover'),
        Promise.all(postMedia),
      ]);
      return { avatar: avatarFile, cover: coverFile, posts };
    }),
  );
}

/**
 * The creator's account (with the demo password), profile, pictures and posts. Without
 * media (tests), the avatar is an initials drawing, there is no cover, photo posts are text
 * posts and video posts are left out.
 */
export async function insertCreator(tx: Tx, ctx: AppContext, id: string, creator: DemoCreator, passwordHash: string, media: CreatorMedia | null): Promise<SeededCreator> {
  const avatarPath = media ? media.avatar.storagePath : await writeUpload(ctx.config.uploadsDir, `avatars/${id}.svg`, initialsSvg(creator.account.name, creator.art.hue));
  await tx.insert(users).values({ id, ...creator.account, passwordHash, verifiedEmail: true, status: 'active', avatarPath, coverPath: media?.cover.storagePath ?? null });
  if (media) await tx.insert(files).values([media.avatar, media.cover]);
  const kept = creator.posts.flatMap((post, p) => {
    const postFiles = media ? media.posts[p] : [];
    if (post.video && (!postFiles || postFiles.length === 0)) return [];
    return [{ post, postFiles: postFiles ?? [] }];
  });
  await tx.insert(performers).values({ userId: id, verifiedDocument: true, feedsCount: kept.length, ...creator.profile });
  const now = ctx.now().getTime();
  const posts = [];
  for (const { post, postFiles } of kept) {
    const type = post.poll ? 'poll' : post.video ? 'video' : postFiles.length ? 'photo' : 'text';
    const at = new Date(now - post.hoursAgo * HOUR_MS);
    const [feed] = await tx
      .insert(feeds)
      .values({ performerId: id, type, text: post.text, subscribersOnly: post.subscribersOnly ?? false, createdAt: at, updatedAt: at })
      .returning({ id: feeds.id });
    if (postFiles.length) {
      await tx.insert(files).values(postFiles);
      await tx.insert(feedFiles).values(postFiles.map((file, position) => ({ feedId: feed!.id, fileId: file.id!, position })));
      for (const file of postFiles) if (file.status === 'processing') await queueTranscode(tx, ctx, file.id!);
    }
    posts.push({ feedId: feed!.id, post });
  }
  return { id, spec: creator, posts };
}
