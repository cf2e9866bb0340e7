import { createReadStream } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { paths } from '@fandeck/contract';
import type { AppContext } from '../../context.js';
import { audienceOf, countryOfRequest } from '../../content/blocks.js';
import { FILE_STATUSES, files } from '../../media/files.tables.js';
import { envelopeSchema, list, listSchema, ok, okFor, listFor } from '../../http/envelope.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import type { FastifyRequest } from 'fastify';
import { currentUser, type AuthUser } from '../../http/guard.js';
import { IMAGE_FIELD, uploadImage } from '../../media/image-upload.js';
import { uploadVideo, VIDEO_FIELD } from '../../media/video-upload.js';
import { defineDomain, type DomainDeps } from '../plugin.js';
import type { ApiScope } from '../types.js';
import { crowdfundingHandler } from './crowdfunding-handler.js';
import { feedHandler } from './feed-handler.js';
import { feedExtrasRoutes } from './feeds-extras.routes.js';
import { feedSchema, presentFeeds } from './feeds.presenter.js';
import { feedInputSchema, feedListQuerySchema, feedUpdateSchema } from './feeds.schemas.js';
import { filesOf, findCreatorId, findFeed, searchFeeds, type FeedWithCreator } from './feeds.queries.js';
import { createFeed, deleteFeed, FEED_PHOTO_PURPOSE, FEED_VIDEO_PURPOSE, updateFeed } from './feeds.service.js';

const idParams = z.object({ id: z.string().min(1).max(64) });
const fileParams = z.object({ id: z.string().min(1).max(64), fileId: z.string().min(1).max(64) });

async function feedsRoutes(api: ApiScope, ctx: AppContext, deps: DomainDeps) {
  deps.get('wallet').registerChargeHandler(feedHandler);
  deps.get('wallet').registerChargeHandler(crowdfundingHandler);
  feedExtrasRoutes(api, ctx);
  const one = { 200: envelopeSchema(feedSchema) };
  const viewerOf = (request: FastifyRequest): AuthUser | null => request.auth?.user ?? null;
  /** A file of a post the viewer may see (the post's text, at least); a 404 otherwise. */
  const fileOfFeed = async (request: FastifyRequest, feedId: string, fileId: string) => {
    const row = await findFeed(ctx, feedId, viewerOf(request), countryOfRequest(request));
    const file = (await filesOf(ctx.db, [row.feed.id])).get(row.feed.id)?.find((f) => f.id === fileId);
    if (!file) throw notFound('feeds.not_found', 'No such file in this post');
    return file;
  };
  const present = async (request: FastifyRequest, row: FeedWithCreator) => (await presentFeeds(ctx, viewerOf(request), [row]))[0]!;

  api.post(
    paths['feeds.photoUpload'],
    {
      schema: {
        tags: ['feeds'],
        summary: 'Upload a photo for a post',
        description: `multipart, the photo as \`${IMAGE_FIELD}\`: JPEG, PNG, WebP or GIF up to the photo limit; stored in three WebP sizes without its metadata, served only through signed links`,
        consumes: ['multipart/form-data'],
        response: { 200: envelopeSchema(z.object({ success: z.literal(true), _id: z.string(), width: z.number().int(), height: z.number().int(), placeholder: z.string() })) },
      },
    },
    async (request) => {
      const image = await uploadImage(ctx, request, currentUser(request).id, 'photo', { folder: 'media', purpose: FEED_PHOTO_PURPOSE });
      return ok({ success: true as const, _id: image.fileId, width: image.width, height: image.height, placeholder: image.placeholder });
    },
  );

  api.post(
    paths['feeds.videoUpload'],
    {
      schema: {
        tags: ['feeds'],
        summary: 'Upload a video for a post',
        description: `multipart, the video as \`${VIDEO_FIELD}\`: MP4, WebM or QuickTime up to the video limit. Answers at once with \`status: processing\`; it is transcoded to HLS with a poster and a teaser in the background (poll GET /user/feeds/{id}/file/{fileId}/status once it is in a post).`,
        consumes: ['multipart/form-data'],
        response: { 200: envelopeSchema(z.object({ success: z.literal(true), _id: z.string(), status: z.literal('processing') })) },
      },
    },
    async (request) => {
      const video = await uploadVideo(ctx, request, currentUser(request).id, FEED_VIDEO_PURPOSE);
      return ok({ success: true as const, _id: video.fileId, status: video.status });
    },
  );

  api.get(
    paths['feeds.fileStatus'],
    {
      schema: {
        tags: ['feeds'],
        summary: 'Where a post’s video is in processing',
        description: 'Clients poll it every 5000 ms while `processing`.',
        params: fileParams,
        response: { 200: envelopeSchema(z.object({ status: z.enum(FILE_STATUSES), progress: z.number().int() })) },
      },
    },
    async (request) => {
      const file = await fileOfFeed(request, request.params.id, request.params.fileId);
      return ok({ status: file.status ?? 'finished', progress: file.progress ?? 100 });
    },
  );

  api.post(
    paths['feeds.videoUrl'],
    {
      schema: {
        tags: ['feeds'],
        summary: 'A playback link for a post’s video',
        description: 'The HLS master playlist, signed for the viewer; `content.locked` until the post is unlocked, `media.not_ready` while processing.',
        params: fileParams,
        response: { 200: envelopeSchema(z.object({ url: z.string(), teaser: z.string().nullable(), duration: z.number().nullable() })) },
      },
    },
    async (request) => {
      const row = await findFeed(ctx, request.params.id, viewerOf(request), countryOfRequest(request));
      const file = (await present(request, row)).files.find((f) => f._id === request.params.fileId && f.type === 'video');
      if (!file) throw notFound('feeds.not_found', 'No such video in this post');
      if (file.status !== 'finished') throw conflict('media.not_ready', 'The video is still being processed');
      if (!file.url) throw forbidden('content.locked', 'Unlock this post to watch its video');
      return ok({ url: file.url, teaser: file.teaser, duration: file.duration });
    },
  );

  api.post(
    paths['feeds.create'],
    {
      schema: {
        tags: ['feeds'],
        summary: 'Publish, schedule or draft a post',
        description:
          'By `type`: `text`; `photo` (`fileIds`: photos); `video` and `audio` (`fileIds`: the one upload, optional `thumbnailId` and `teaserId`); `poll` (`pollId` from POST /performer/feeds/polls); `crowdfunding` (`crowdfundingId` from POST /performer/feeds/crowdfunding). A poll or goal belongs to one post.',
        body: feedInputSchema,
        response: one,
      },
    },
    async (request) => {
      const feed = await createFeed(ctx, currentUser(request), request.body);
      return ok(await present(request, await findFeed(ctx, feed.id, currentUser(request))));
    },
  );

  api.get(
    paths['feeds.mine'],
    { schema: { tags: ['feeds'], summary: 'The signed-in creator’s posts, drafts and scheduled ones included', querystring: feedListQuerySchema, response: { 200: listSchema(feedSchema) } } },
    async (request) => {
      const page = await searchFeeds(ctx, { mine: currentUser(request).id }, request.query);
      return listFor('feeds.mine', await presentFeeds(ctx, currentUser(request), page.items), page.total);
    },
  );

  api.get(
    paths['feeds.mineGet'],
    { schema: { tags: ['feeds'], summary: 'One of the signed-in creator’s posts', params: idParams, response: one } },
    async (request) => {
      const row = await findFeed(ctx, request.params.id, currentUser(request));
      if (row.feed.performerId !== currentUser(request).id) throw forbidden('auth.role_forbidden', 'This post is another creator’s');
      return ok(await present(request, row));
    },
  );

  api.put(
    paths['feeds.update'],
    { schema: { tags: ['feeds'], summary: 'Edit a post', params: idParams, body: feedUpdateSchema, response: one } },
    async (request) => {
      await updateFeed(ctx, currentUser(request), request.params.id, request.body);
      return ok(await present(request, await findFeed(ctx, request.params.id, currentUser(request))));
    },
  );

  api.delete(
    paths['feeds.delete'],
    { schema: { tags: ['feeds'], summary: 'Delete a post and its photos', params: idParams, response: { 200: envelopeSchema(z.object({ success: z.literal(true) })) } } },
    async (request) => {
      await deleteFeed(ctx, currentUser(request), request.params.id);
      return okFor('feeds.delete', { success: true as const });
    },
  );

  api.get(
    paths['feeds.list'],
    { schema: { tags: ['feeds'], summary: 'Published posts, newest first (locked ones show their placeholder and price)', querystring: feedListQuerySchema, response: { 200: listSchema(feedSchema) } } },
    async (request) => {
      const page = await searchFeeds(ctx, { fans: true, ...audienceOf(request) }, request.query);
      return list(await presentFeeds(ctx, viewerOf(request), page.items), page.total);
    },
  );

  api.get(
    paths['feeds.byCreator'],
    {
      schema: { tags: ['feeds'], summary: 'A creator’s published posts', params: z.object({ username: z.string().min(1).max(64) }), querystring: feedListQuerySchema, response: { 200: listSchema(feedSchema) } },
    },
    async (request) => {
      const performerId = await findCreatorId(ctx.db, request.params.username);
      const page = await searchFeeds(ctx, { fans: true, ...audienceOf(request) }, { ...request.query, performerId });
      return list(await presentFeeds(ctx, viewerOf(request), page.items), page.total);
    },
  );

  api.get(
    paths['feeds.get'],
    { schema: { tags: ['feeds'], summary: 'One published post', params: idParams, response: one } },
    async (request) => okFor('feeds.get', await present(request, await findFeed(ctx, request.params.id, viewerOf(request), countryOfRequest(request)))),
  );
}

export default defineDomain({ name: 'feeds', dependsOn: ['accounts', 'auth', 'wallet', 'media'], register: feedsRoutes });
