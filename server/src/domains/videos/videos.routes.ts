import { audienceOf } from '../../content/blocks.js';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { paths } from '@fandeck/contract';
import type { AppContext } from '../../context.js';
import { FILE_STATUSES } from '../../media/files.tables.js';
import { envelopeSchema, list, listSchema, ok, listFor, okFor } from '../../http/envelope.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import { currentUser, type AuthUser } from '../../http/guard.js';
import { uploadImage } from '../../media/image-upload.js';
import { uploadVideo } from '../../media/video-upload.js';
import { defineDomain, type DomainDeps } from '../plugin.js';
import type { ApiScope } from '../types.js';
import { registerReelRoutes } from './reels.routes.js';
import { parseFields, readForm } from './video-form.js';
import { videoHandler } from './video-handler.js';
import { presentVideos, videoSchema } from './videos.presenter.js';
import { removeFileSchema, videoCreateSchema, videoFormSchema, videoFormUpdateSchema, videoListQuerySchema, videoUpdateSchema, type VideoUpdate } from './videos.schemas.js';
import {
  createVideo,
  deleteVideo,
  discardUploads,
  filesById,
  findVideo,
  PURPOSE_OF,
  removeVideoFile,
  searchVideos,
  updateVideo,
  VIDEO_PURPOSE,
  VIDEO_TEASER_PURPOSE,
  VIDEO_THUMBNAIL_PURPOSE,
  type VideoWithCreator,
} from './videos.service.js';

const TAGS = ['videos'];
const idParams = z.object({ id: z.string().min(1).max(64) });
const fileParams = z.object({ id: z.string().min(1).max(64), fileId: z.string().min(1).max(64) });
const TEXT_FIELDS = '`title`, `description`, `tags` (comma-separated), `isSale` (`true`/`false`), `price` (decimal units), `subscribersOnly` (`true`/`false`), `status` (`active`, `inactive`, `draft`), `scheduledAt` (ISO date-time)';

async function videosRoutes(api: ApiScope, ctx: AppContext, deps: DomainDeps) {
  deps.get('wallet').registerChargeHandler(videoHandler);
  const one = { 200: envelopeSchema(videoSchema) };
  const viewerOf = (request: FastifyRequest): AuthUser | null => request.auth?.user ?? null;
  const present = async (viewer: AuthUser | null, row: VideoWithCreator) => (await presentVideos(ctx, viewer, [row]))[0]!;
  /** The creator's own video as they see it. */
  const presentOwn = async (request: FastifyRequest, id: string) => present(currentUser(request), await findVideo(ctx, id, currentUser(request)));
  /** Runs `work` with a fresh upload; the upload is deleted when `work` refuses. */
  const usingUpload = async <T>(fileId: string | undefined, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (fileId) await discardUploads(ctx, [fileId]);
      throw error;
    }
  };

  const videoUploaded = envelopeSchema(z.object({ success: z.literal(true), _id: z.string(), status: z.literal('processing') }));
  for (const [name, field, purpose] of [
    ['videos.videoUpload', 'video', VIDEO_PURPOSE],
    ['videos.teaserUpload', 'teaser', VIDEO_TEASER_PURPOSE],
  ] as const) {
    api.post(
      paths[name],
      {
        schema: {
          tags: TAGS,
          summary: field === 'video' ? 'Upload a video’s file' : 'Upload a video’s teaser clip',
          description: `multipart, the file as \`${field}\`: MP4, WebM or QuickTime up to the video limit. Answers at once with \`status: processing\`; it is transcoded in the background. Then name its \`_id\` in POST /performer/performer-assets/videos.`,
          consumes: ['multipart/form-data'],
          response: { 200: videoUploaded },
        },
      },
      async (request) => {
        const video = await uploadVideo(ctx, request, currentUser(request).id, purpose, field);
        return ok({ success: true as const, _id: video.fileId, status: video.status });
      },
    );
  }

  api.post(
    paths['videos.thumbnailUpload'],
    {
      schema: {
        tags: TAGS,
        summary: 'Upload a video’s thumbnail',
        description: 'multipart, the picture as `thumbnail`: JPEG, PNG, WebP or GIF up to the photo limit; stored in three WebP sizes without its metadata, served only through signed links.',
        consumes: ['multipart/form-data'],
        response: { 200: envelopeSchema(z.object({ success: z.literal(true), _id: z.string(), width: z.number().int(), height: z.number().int(), placeholder: z.string() })) },
      },
    },
    async (request) => {
      const image = await uploadImage(ctx, request, currentUser(request).id, 'photo', { folder: 'media', purpose: VIDEO_THUMBNAIL_PURPOSE, field: 'thumbnail' });
      return ok({ success: true as const, _id: image.fileId, width: image.width, height: image.height, placeholder: image.placeholder });
    },
  );

  api.post(
    paths['videos.upload'],
    {
      schema: {
        tags: TAGS,
        summary: 'Upload and create a video in one request',
        description: `multipart: the video as \`video\` plus the text fields ${TEXT_FIELDS}. The video is transcoded in the background; add a teaser or thumbnail later through PUT …/videos/edit/{id}.`,
        consumes: ['multipart/form-data'],
        response: one,
      },
    },
    async (request) => {
      const creator = currentUser(request);
      const upload = await uploadVideo(ctx, request, creator.id, VIDEO_PURPOSE, 'video');
      const video = await usingUpload(upload.fileId, () => createVideo(ctx, creator, { ...parseFields(videoFormSchema, upload.fields), fileId: upload.fileId }));
      return ok(await presentOwn(request, video.id));
    },
  );

  api.post(
    paths['videos.create'],
    {
      schema: {
        tags: TAGS,
        summary: 'Publish, schedule or draft a video from uploaded files',
        description: '`fileId`, `teaserId` and `thumbnailId` are `_id`s from the three upload routes: your own, in no other video. A published video needs its `fileId`.',
        body: videoCreateSchema,
        response: one,
      },
    },
    async (request) => {
      const video = await createVideo(ctx, currentUser(request), request.body);
      return ok(await presentOwn(request, video.id));
    },
  );

  api.put(
    paths['videos.edit'],
    {
      schema: {
        tags: TAGS,
        summary: 'Edit a video, optionally replacing one of its files',
        description: `multipart: the text fields ${TEXT_FIELDS}, and at most one file per request, as \`video\`, \`teaser\` or \`thumbnail\` (the file it replaces is deleted). A JSON body of the same fields is accepted too.`,
        consumes: ['multipart/form-data', 'application/json'],
        params: idParams,
        response: one,
      },
    },
    async (request) => {
      const creator = currentUser(request);
      if (!request.isMultipart()) {
        await updateVideo(ctx, creator, request.params.id, parseFields(videoUpdateSchema, request.body ?? {}));
        return ok(await presentOwn(request, request.params.id));
      }
      const form = await readForm(ctx, request, creator.id, PURPOSE_OF);
      await usingUpload(form.file?.fileId, () => {
        const patch: VideoUpdate = parseFields(videoFormUpdateSchema, form.fields);
        if (form.file) patch[form.file.kind === 'video' ? 'fileId' : form.file.kind === 'teaser' ? 'teaserId' : 'thumbnailId'] = form.file.fileId;
        return updateVideo(ctx, creator, request.params.id, patch);
      });
      return ok(await presentOwn(request, request.params.id));
    },
  );

  api.put(
    paths['videos.update'],
    { schema: { tags: TAGS, summary: 'Edit a video', params: idParams, body: videoUpdateSchema, response: one } },
    async (request) => {
      await updateVideo(ctx, currentUser(request), request.params.id, request.body);
      return ok(await presentOwn(request, request.params.id));
    },
  );

  api.delete(
    paths['videos.removeFile'],
    {
      schema: {
        tags: TAGS,
        summary: 'Remove one file of a video',
        description: 'Deletes the `video`, `teaser` or `thumbnail` file. Without its video file a published video goes back to `draft`.',
        params: idParams,
        body: removeFileSchema,
        response: one,
      },
    },
    async (request) => {
      await removeVideoFile(ctx, currentUser(request), request.params.id, request.body.type);
      return ok(await presentOwn(request, request.params.id));
    },
  );

  api.delete(
    paths['videos.delete'],
    { schema: { tags: TAGS, summary: 'Delete a video and its files', params: idParams, response: { 200: envelopeSchema(z.object({ success: z.literal(true) })) } } },
    async (request) => {
      await deleteVideo(ctx, currentUser(request), request.params.id);
      return okFor('videos.delete', { success: true as const });
    },
  );

  api.get(
    paths['videos.mine'],
    {
      schema: { tags: TAGS, summary: 'The signed-in creator’s videos, drafts and scheduled ones included', querystring: videoListQuerySchema, response: { 200: listSchema(videoSchema) } },
    },
    async (request) => {
      const page = await searchVideos(ctx, { mine: currentUser(request).id }, request.query);
      return listFor('videos.mine', await presentVideos(ctx, currentUser(request), page.items), page.total);
    },
  );

  api.get(
    paths['videos.mineGet'],
    { schema: { tags: TAGS, summary: 'One of the signed-in creator’s videos', params: idParams, response: one } },
    async (request) => {
      const row = await findVideo(ctx, request.params.id, currentUser(request));
      if (row.video.performerId !== currentUser(request).id) throw forbidden('auth.role_forbidden', 'This video is another creator’s');
      return ok(await present(currentUser(request), row));
    },
  );

  api.get(
    paths['videos.search'],
    {
      schema: {
        tags: TAGS,
        summary: 'Published videos of active creators (locked ones show their placeholder, teaser and price)',
        querystring: videoListQuerySchema,
        response: { 200: listSchema(videoSchema) },
      },
    },
    async (request) => {
      const page = await searchVideos(ctx, { fans: true, audience: audienceOf(request) }, request.query);
      return list(await presentVideos(ctx, viewerOf(request), page.items), page.total);
    },
  );

  api.get(
    paths['videos.get'],
    { schema: { tags: TAGS, summary: 'One published video', params: idParams, response: one } },
    async (request) => ok(await present(viewerOf(request), await findVideo(ctx, request.params.id, viewerOf(request), audienceOf(request)))),
  );

  api.get(
    paths['videos.fileStatus'],
    {
      schema: {
        tags: TAGS,
        summary: 'Where a video’s file is in processing',
        description: 'Clients poll it every 5000 ms while `processing`.',
        params: fileParams,
        response: { 200: envelopeSchema(z.object({ status: z.enum(FILE_STATUSES), progress: z.number().int() })) },
      },
    },
    async (request) => {
      const { video } = await findVideo(ctx, request.params.id, viewerOf(request), audienceOf(request));
      const own = [video.fileId, video.teaserId, video.thumbnailId].includes(request.params.fileId);
      const file = own ? (await filesById(ctx.db, [request.params.fileId])).get(request.params.fileId) : undefined;
      if (!file) throw notFound('videos.not_found', 'No such file in this video');
      return ok({ status: file.status ?? 'finished', progress: file.progress ?? 100 });
    },
  );

  api.post(
    paths['videos.url'],
    {
      schema: {
        tags: TAGS,
        summary: 'A playback link for a video (or its teaser)',
        description: 'The HLS master playlist, signed for the viewer; `content.locked` until a paid video is bought, `media.not_ready` while processing. The teaser plays for everyone.',
        params: fileParams,
        response: { 200: envelopeSchema(z.object({ url: z.string(), teaser: z.string().nullable(), duration: z.number().nullable() })) },
      },
    },
    async (request) => {
      const dto = await present(viewerOf(request), await findVideo(ctx, request.params.id, viewerOf(request), audienceOf(request)));
      const file = [dto.video, dto.teaser].find((f) => f?._id === request.params.fileId);
      if (!file) throw notFound('videos.not_found', 'No such video file');
      if (file.status !== 'finished') throw conflict('media.not_ready', 'The video is still being processed');
      if (!file.url) throw forbidden('content.locked', 'Unlock this video to watch it');
      return ok({ url: file.url, teaser: dto.teaser?.url ?? dto.video?.teaser ?? null, duration: file.duration });
    },
  );

  await registerReelRoutes(api, ctx);
}

export default defineDomain({ name: 'videos', dependsOn: ['accounts', 'auth', 'wallet', 'media'], register: videosRoutes });
