// The demo seed: a fresh `npm start` shows creators with pictures, photo and video posts,
// polls with votes, real counts, token packages on the top-up screen and promos on the pages.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test/helpers.js';
import { DEMO_GIFTS } from './demo-gifts.js';
import { files } from '../media/files.tables.js';
import { jobs } from '../jobs/jobs.tables.js';
import { TRANSCODE_QUEUE } from '../media/video-upload.js';
import { demoFfmpeg } from './demo-media.js';
import { DEMO_CREATORS } from './demo-content.js';
import { DEMO_LOGINS, DEMO_PASSWORD, DEMO_SITE_PROMOS, DEMO_TOKEN_PACKAGES, seedDemo } from './demo.js';

let t: TestApp;
const notes: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemo(t.ctx, { note: (line) => notes.push(line) })).toBe(true);
  // Drawing and encoding the media takes a few seconds on a busy machine.
}, 60_000);
afterAll(() => t?.close());

const get = async (url: string) => (await t.app.inject({ method: 'GET', url })).json().data as { data: Record<string, unknown>[]; total: number };

interface Profile {
  username: string;
  avatar: string;
  cover: string | null;
  stats: { subscribers: number; followers: number; totalFeeds: number; likes: number };
}
interface Post {
  type: string;
  text: string;
  locked: boolean;
  files: { type: string; url: string | null; placeholder: string | null; status?: string }[];
  poll?: { options: { description: string; total: number }[]; totalVotes: number } | null;
}
const profile = async (username: string) => (await t.app.inject({ method: 'GET', url: `/api/performers/${username}` })).json().data as Profile;
const postsOf = async (username: string) => (await get(`/api/user/feeds/search/${username}?limit=50`)).data as unknown as Post[];

describe('the demo seed', () => {
  it('gives every creator a drawn avatar and cover, served as pictures', async () => {
    for (const { account } of DEMO_CREATORS) {
      const creator = await profile(account.username);
      expect(creator.avatar).toMatch(/\/files\/images\/.+\.webp$/);
      expect(creator.cover).toMatch(/\/files\/images\/.+\.webp$/);
      // On disk where /files/ serves it from, a real WebP picture.
      const onDisk = path.join(t.ctx.config.uploadsDir, new URL(creator.avatar).pathname.replace(/^\/files\//, ''));
      expect((await sharp(onDisk).metadata()).format).toBe('webp');
    }
  });

  it('publishes photo posts with their photos, video posts with their clip on its way through the transcode, and polls with options and votes', async () => {
    const posts = (await Promise.all(DEMO_CREATORS.map((creator) => postsOf(creator.account.username)))).flat();
    const photos = posts.filter((post) => post.type === 'photo');
    expect(photos.length).toBeGreaterThanOrEqual(8);
    for (const post of photos) {
      expect(post.files.length).toBeGreaterThan(0);
      // Open posts show their photos; subscribers-only ones only their blurred placeholder.
      for (const file of post.files) expect(post.locked ? file.placeholder : file.url).toBeTruthy();
    }
    const videos = posts.filter((post) => post.type === 'video');
    if (demoFfmpeg()) {
      expect(videos.length).toBe(3);
      // Each clip is on disk, and its transcode queued for the server's job runner (as an upload's).
      const rows = await t.ctx.db.select({ id: files.id, status: files.status, path: files.storagePath }).from(files).where(eq(files.purpose, 'feed-video'));
      expect(rows.map((row) => row.status)).toEqual(['processing', 'processing', 'processing']);
      for (const row of rows) expect((await stat(path.join(t.ctx.config.uploadsDir, row.path))).size).toBeGreaterThan(1000);
      const queued = await t.ctx.db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.queue, TRANSCODE_QUEUE));
      expect(queued.map((job) => job.payload.fileId).sort()).toEqual(rows.map((row) => row.id).sort());
    } else {
      expect(videos).toHaveLength(0);
      expect(notes.join(' ')).toContain('no ffmpeg');
    }
    const polls = posts.filter((post) => post.type === 'poll');
    expect(polls).toHaveLength(2);
    for (const poll of polls) {
      expect(poll.poll!.options.length).toBeGreaterThanOrEqual(3);
      expect(poll.poll!.totalVotes).toBe(poll.poll!.options.reduce((sum, option) => sum + option.total, 0));
      expect(poll.poll!.totalVotes).toBeGreaterThan(0);
    }
  });

  it('counts real followers, subscribers, posts and likes', async () => {
    for (const creator of DEMO_CREATORS) {
      const { stats } = await profile(creator.account.username);
      expect(stats.followers).toBe(creator.audience.followers);
      expect(stats.subscribers).toBe(creator.audience.subscribers);
      expect(stats.totalFeeds).toBe((await postsOf(creator.account.username)).length);
      expect(stats.likes).toBeGreaterThan(0);
    }
    // The cards of the creator search carry the same counts.
    const cards = (await get('/api/performers/user/search?sortBy=popular&limit=50')).data as unknown as Profile[];
    expect(cards.find((card) => card.username === 'dudarocha')!.stats).toMatchObject({ subscribers: 15, followers: 24 });
  });

  it('seeds once: a second start changes nothing', async () => {
    expect(await seedDemo(t.ctx, { media: false })).toBe(false);
    expect((await get('/api/performers/search?limit=50')).total).toBe(DEMO_CREATORS.length);
  });

  it('offers its token packages, in order, with a little bonus on the bigger ones', async () => {
    const list = await get('/api/package/token/search');
    expect(list.total).toBe(DEMO_TOKEN_PACKAGES.length);
    expect(list.data).toMatchObject([
      { name: 'Pacote Inicial', price: 10, tokens: 10 },
      { name: 'Pacote Fã', price: 50, tokens: 55 },
      { name: 'Pacote Superfã', price: 100, tokens: 115 },
    ]);
  });

  it('shows its site promos now', async () => {
    const list = await get('/api/site-promo/search');
    expect(list.total).toBe(DEMO_SITE_PROMOS.length);
    expect(list.data.map((promo) => promo.title)).toEqual(DEMO_SITE_PROMOS.map((promo) => promo.title));
  });

  it('offers its live gifts, smallest first', async () => {
    const list = await get('/api/gifts');
    expect(list.data.map((gift) => [gift.emoji, gift.name, gift.price])).toEqual(DEMO_GIFTS.map((gift) => [gift.emoji, gift.name, gift.priceCents / 100]));
  });

  it('lets a demo fan buy a package', async () => {
    const fan = DEMO_LOGINS.find((login) => login.username === 'fan.one')!;
    const token = await signIn(t.app, fan.email, DEMO_PASSWORD);
    const [, pack] = (await get('/api/package/token/search')).data;
    const res = await t.app.inject({ method: 'POST', url: '/api/payment/wallet/top-up', headers: { authorization: token }, payload: { packageId: pack!._id, couponCode: '' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ amount: 50, tokens: 55, packageName: 'Pacote Fã' });
  });
});
