import { audienceOf } from '../../content/blocks.js';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { paths } from '@fandeck/contract';
import type { AppContext } from '../../context.js';
import { envelopeSchema, list, listSchema, ok, listFor, okFor } from '../../http/envelope.js';
import { currentUser } from '../../http/guard.js';
import { uploadVideo } from '../../media/video-upload.js';
import type { ApiScope } from '../types.js';
import { presentReels, reelSchema } from './reels.presenter.js';
import { createReel, deleteReel, findOwnReel, REEL_PURPOSE, removeReelFile, searchReels, updateReel } from './reels.service.js';
import { parseFields, readForm } from './video-form.js';
import { reelInputSchema, reelListQuerySchema, reelUpdateSchema } from './videos.schemas.js';
import { discardUploads } from './videos.service.js';

const TAGS = ['reels'];
const idParams = z.object({ id: z.string().min(1).max(64) });
const TEXT_FIELDS = '`title`, `description`, `status` (`active`, `inactive`, `draft`)';

/** Reels: short free vertical videos, registered by the videos domain. */
export async function registerReelRoutes(api: ApiScope, ctx: AppContext) {
  const one = { 200: envelopeSchema(reelSchema) };
  const presentOwn = async (request: FastifyRequest, id: string) => {
    const creator = currentUser(request);
    return (await presentReels(ctx, creator, [await findOwnReel(ctx, creator, id)]))[0]!;
  };

  api.post(
    paths['reels.upload'],
    {
      schema: {
        tags: TAGS,
        summary: 'Upload a reel',
        description: `multipart: the video as \`video\` (MP4, WebM or QuickTime up to the video limit) plus the text fields ${TEXT_FIELDS}. It is transcoded in the background.`,
        consumes: ['multipart/form-data'],
        response: one,
      },
    },
    async (request) => {
      const creator = currentUser(request);
      const upload = await uploadVideo(ctx, request, creator.id, REEL_PURPOSE, 'video');
      try {
        const reel = await createReel(ctx, creator, parseFields(reelInputSchema, upload.fields), upload.fileId);
        return ok(await presentOwn(request, reel.id));
      } catch (error) {
        await discardUploads(ctx, [upload.fileId]);
        throw error;
      }
    },
  );

  api.put(
    paths['reels.edit'],
    {
      schema: {
        tags: TAGS,
        summary: 'Edit a reel',
        description: `JSON or multipart text fields ${TEXT_FIELDS}; a multipart edit may carry a new \`video\`, which replaces the old one.`,
        consumes: ['application/json', 'multipart/form-data'],
        params: idParams,
        response: one,
      },
    },
    async (request) => {
      const creator = currentUser(request);
      if (!request.isMultipart()) {
        await updateReel(ctx, creator, request.params.id, parseFields(reelUpdateSchema, request.body ?? {}));
        return ok(await presentOwn(request, request.params.id));
      }
      const form = await readForm(ctx, request, creator.id, { video: REEL_PURPOSE });
      try {
        await updateReel(ctx, creator, request.params.id, parseFields(reelUpdateSchema, form.fields), form.file?.fileId);
      } catch (error) {
        if (form.file) await discardUploads(ctx, [form.file.fileId]);
        throw error;
      }
      return ok(await presentOwn(request, request.params.id));
    },
  );

  api.delete(
    paths['reels.removeFile'],
    {
      schema: { tags: TAGS, summary: 'Remove a reel’s video', description: 'A published reel goes back to `draft` until a new video is uploaded through its edit.', params: idParams, response: one },
    },
    async (request) => {
      await removeReelFile(ctx, currentUser(request), request.params.id);
      return ok(await presentOwn(request, request.params.id));
    },
  );

  api.delete(
    paths['reels.delete'],
    { schema: { tags: TAGS, summary: 'Delete a reel and its video', params: idParams, response: { 200: envelopeSchema(z.object({ success: z.literal(true) })) } } },
    async (request) => {
      await deleteReel(ctx, currentUser(request), request.params.id);
      return okFor('reels.delete', { success: true as const });
    },
  );

  api.get(
    paths['reels.mine'],
    { schema: { tags: TAGS, summary: 'The signed-in creator’s reels, in any state', querystring: reelListQuerySchema, response: { 200: listSchema(reelSchema) } } },
    async (request) => {
      const page = await searchReels(ctx, { mine: currentUser(request).id }, request.query);
      return listFor('reels.mine', await presentReels(ctx, currentUser(request), page.items), page.total);
    },
  );

  api.get(
    paths['reels.mineGet'],
    { schema: { tags: TAGS, summary: 'One of the signed-in creator’s reels', params: idParams, response: one } },
    async (request) => ok(await presentOwn(request, request.params.id)),
  );

  api.get(
    paths['reels.search'],
    {
      schema: {
        tags: TAGS,
        summary: 'Published reels of active creators, each with its playlist link once transcoded',
        querystring: reelListQuerySchema,
        response: { 200: listSchema(reelSchema) },
      },
    },
    async (request) => {
      const page = await searchReels(ctx, { fans: true, audience: audienceOf(request) }, request.query);
      return list(await presentReels(ctx, request.auth?.user ?? null, page.items), page.total);
    },
  );
}
