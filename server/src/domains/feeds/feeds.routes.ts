import { createReadStream } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { paths } from '@fandeck/contract';
import type { AppContext } from '../../context.js';
import { files } from '../../db/schema/index.js';
import { envelopeSchema, list, listSchema, ok } from '../../http/envelope.js';
import { forbidden } from '../../http/errors.js';
import type { FastifyRequest } from 'fastify';
import { currentUser, type AuthUser } from '../../http/guard.js';
import { IMAGE_FIELD, uploadImage } from '../../media/image-upload.js';
import { checkMediaLink } from '../../media/signed-links.js';
import { defineDomain, type DomainDeps } from '../plugin.js';
import type { ApiScope } from '../types.js';
import { feedHandler } from './feed-handler.js';
import { feedSchema, presentFeeds } from './feeds.presenter.js';
import { feedInputSchema, feedListQuerySchema, feedUpdateSchema } from './feeds.schemas.js';
import { createFeed, deleteFeed, FEED_PHOTO_PURPOSE, findCreatorId, findFeed, searchFeeds, updateFeed, type FeedWithCreator } from './feeds.service.js';

const CREATOR = { roles: ['performer'] } as const;
const idParams = z.object({ id: z.string().min(1).max(64) });
const LINK_REFUSED = 'This media link is not valid for you (expired, changed or made for someone else)';

async function feedsRoutes(api: ApiScope, ctx: AppContext, deps: DomainDeps) {
  deps.get('wallet').registerChargeHandler(feedHandler);
  const one = { 200: envelopeSchema(feedSchema) };
  const viewerOf = (request: FastifyRequest): AuthUser | null => request.auth?.user ?? null;
  const present = async (request: FastifyRequest, row: FeedWithCreator) => (await presentFeeds(ctx, viewerOf(request), [row]))[0]!;

  api.post(
    paths['feeds.photoUpload'],
    {
      config: { access: CREATOR },
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
    paths['feeds.create'],
    { config: { access: CREATOR }, schema: { tags: ['feeds'], summary: 'Publish, schedule or draft a post', body: feedInputSchema, response: one } },
    async (request) => {
      const feed = await createFeed(ctx, currentUser(request), request.body);
      return ok(await present(request, await findFeed(ctx, feed.id, currentUser(request))));
    },
  );

  api.get(
    paths['feeds.mine'],
    { config: { access: CREATOR }, schema: { tags: ['feeds'], summary: 'The signed-in creator’s posts, drafts and scheduled ones included', querystring: feedListQuerySchema, response: { 200: listSchema(feedSchema) } } },
    async (request) => {
      const page = await searchFeeds(ctx, { mine: currentUser(request).id }, request.query);
      return list(await presentFeeds(ctx, currentUser(request), page.items), page.total);
    },
  );

  api.get(
    paths['feeds.mineGet'],
    { config: { access: CREATOR }, schema: { tags: ['feeds'], summary: 'One of the signed-in creator’s posts', params: idParams, response: one } },
    async (request) => {
      const row = await findFeed(ctx, request.params.id, currentUser(request));
      if (row.feed.performerId !== currentUser(request).id) throw forbidden('auth.role_forbidden', 'This post is another creator’s');
      return ok(await present(request, row));
    },
  );

  api.put(
    paths['feeds.update'],
    { config: { access: CREATOR }, schema: { tags: ['feeds'], summary: 'Edit a post', params: idParams, body: feedUpdateSchema, response: one } },
    async (request) => {
      await updateFeed(ctx, currentUser(request), request.params.id, request.body);
      return ok(await present(request, await findFeed(ctx, request.params.id, currentUser(request))));
    },
  );

  api.delete(
    paths['feeds.delete'],
    { config: { access: CREATOR }, schema: { tags: ['feeds'], summary: 'Delete a post and its photos', params: idParams, response: { 200: envelopeSchema(z.object({ success: z.literal(true) })) } } },
    async (request) => {
      await deleteFeed(ctx, currentUser(request), request.params.id);
      return ok({ success: true as const });
    },
  );

  api.get(
    paths['feeds.list'],
    { config: { access: 'optional' }, schema: { tags: ['feeds'], summary: 'Published posts, newest first (locked ones show their placeholder and price)', querystring: feedListQuerySchema, response: { 200: listSchema(feedSchema) } } },
    async (request) => {
      const page = await searchFeeds(ctx, { fans: true, viewerId: viewerOf(request)?.id ?? null }, request.query);
      return list(await presentFeeds(ctx, viewerOf(request), page.items), page.total);
    },
  );

  api.get(
    paths['feeds.byCreator'],
    {
      config: { access: 'optional' },
      schema: { tags: ['feeds'], summary: 'A creator’s published posts', params: z.object({ username: z.string().min(1).max(64) }), querystring: feedListQuerySchema, response: { 200: listSchema(feedSchema) } },
    },
    async (request) => {
      const performerId = await findCreatorId(ctx.db, request.params.username);
      const page = await searchFeeds(ctx, { fans: true }, { ...request.query, performerId });
      return list(await presentFeeds(ctx, viewerOf(request), page.items), page.total);
    },
  );

  api.get(
    paths['feeds.get'],
    { config: { access: 'optional' }, schema: { tags: ['feeds'], summary: 'One published post', params: idParams, response: one } },
    async (request) => ok(await present(request, await findFeed(ctx, request.params.id, viewerOf(request)))),
  );

  api.get(
    paths['media.file'],
    {
      config: { access: 'optional' },
      schema: {
        tags: ['feeds'],
        summary: 'A post’s photo through its signed link',
        description: 'Only for the viewer the link was made for (their session), until it expires.',
        params: z.object({ id: z.string().min(1).max(64), size: z.enum(['small', 'medium', 'large']) }),
        querystring: z.object({ v: z.string().min(1).max(64), e: z.coerce.number().int(), s: z.string().min(1).max(128) }),
      },
    },
    async (request, reply) => {
      const { id, size } = request.params;
      const { v, e, s } = request.query;
      if (!checkMediaLink(ctx.config.mediaUrlSecret, { fileId: id, size, viewer: v, expires: e }, s, viewerOf(request)?.id ?? null)) {
        throw forbidden('media.link_invalid', LINK_REFUSED);
      }
      const [file] = await ctx.db.select({ variants: files.variants }).from(files).where(eq(files.id, id));
      const variant = file?.variants?.find((candidate) => candidate.name === size);
      if (!variant) throw forbidden('media.link_invalid', LINK_REFUSED);
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'private, max-age=600')
        .header('x-content-type-options', 'nosniff')
        .send(createReadStream(path.join(ctx.config.uploadsDir, variant.path)));
    },
  );
}

export default defineDomain({ name: 'feeds', dependsOn: ['accounts', 'auth', 'wallet'], register: feedsRoutes });
