import { paths } from '@fandeck/contract';
import type { MessageUploadDto } from '@fandeck/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { FILE_STATUSES, files } from '../../media/files.tables.js';
import { messageFiles } from './messaging.tables.js';
import { envelopeSchema, ok } from '../../http/envelope.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import { currentUser } from '../../http/guard.js';
import { pageScopeOf } from '../../http/page-scope.js';
import { IMAGE_FIELD, uploadImage } from '../../media/image-upload.js';
import { signMediaPath } from '../../media/signed-links.js';
import { AUDIO_FIELD, uploadAudio, uploadVideo, VIDEO_FIELD } from '../../media/video-upload.js';
import type { ApiScope } from '../types.js';
import { MESSAGE_AUDIO_PURPOSE, MESSAGE_PHOTO_PURPOSE, MESSAGE_VIDEO_PURPOSE } from './message-store.js';
import { presentMessages } from './messaging.presenter.js';
import { fileParams, messageUploadSchema } from './messaging.schemas.js';
import { readableMessage } from './messaging.service.js';
import { requireMessageInScope } from './page-scope.js';

const NO_SUCH_FILE = 'No such file in this message';
const uploaded = { 200: envelopeSchema(messageUploadSchema) };

/**
 * The message upload routes (the media pipeline: images re-encoded without their metadata,
 * videos and audio transcoded by the durable job), and a sent message's video link and
 * processing status. An upload is sent by naming its `_id` in a message's `fileIds`.
 */
export function messageUploadRoutes(api: ApiScope, ctx: AppContext): void {
  const photo = async (request: FastifyRequest): Promise<MessageUploadDto> => {
    const owner = currentUser(request).id;
    const image = await uploadImage(ctx, request, owner, 'photo', { folder: 'media', purpose: MESSAGE_PHOTO_PURPOSE });
    const largest = image.variants.at(-1)!.name;
    return { _id: image.fileId, type: 'photo', url: `${ctx.config.publicOrigin}${signMediaPath(ctx.config.mediaUrlSecret, image.fileId, largest, owner)}`, status: null };
  };
  const photoRoute = {
    schema: {
      tags: ['messaging'],
      summary: 'Upload a photo for a message',
      description: `multipart, the photo as \`${IMAGE_FIELD}\`: JPEG, PNG, WebP or GIF up to the photo limit; stored in three WebP sizes without its metadata, shown only through signed links. \`url\`: a link for the uploader.`,
      consumes: ['multipart/form-data'],
      response: uploaded,
    },
  };
  for (const path of [paths['messages.privateFile'], paths['messages.privatePhoto'], paths['messages.publicPhoto'], paths['messages.publicThumbnail']]) {
    api.post(path, photoRoute, async (request) => ok(await photo(request)));
  }

  const videoRoute = {
    schema: {
      tags: ['messaging'],
      summary: 'Upload a video for a message',
      description: `multipart, the video as \`${VIDEO_FIELD}\`: MP4, WebM or QuickTime up to the video limit. Answers at once with \`status: processing\`; it is transcoded to HLS in the background (once sent, poll GET /messages/{id}/file/{fileId}/status).`,
      consumes: ['multipart/form-data'],
      response: uploaded,
    },
  };
  for (const path of [paths['messages.privateVideo'], paths['messages.publicVideo']]) {
    api.post(path, videoRoute, async (request) => {
      const video = await uploadVideo(ctx, request, currentUser(request).id, MESSAGE_VIDEO_PURPOSE);
      return ok({ _id: video.fileId, type: 'video' as const, url: null, status: video.status });
    });
  }

  api.post(
    paths['messages.publicAudio'],
    {
      schema: {
        tags: ['messaging'],
        summary: 'Upload an audio file for a message',
        description: `multipart, the audio as \`${AUDIO_FIELD}\`: MP3, AAC, M4A, Ogg, WAV or WebM audio up to the video limit; converted to AAC in MP4 in the background.`,
        consumes: ['multipart/form-data'],
        response: uploaded,
      },
    },
    async (request) => {
      const audio = await uploadAudio(ctx, request, currentUser(request).id, MESSAGE_AUDIO_PURPOSE);
      return ok({ _id: audio.fileId, type: 'audio' as const, url: null, status: audio.status });
    },
  );

  api.post(
    paths['messages.videoUrl'],
    {
      schema: {
        tags: ['messaging'],
        summary: 'A playback link for a message’s video',
        description: 'The HLS master playlist, signed for the viewer; 403 `content.locked` while a paid message is not unlocked, 409 `media.not_ready` while processing.',
        params: fileParams,
        response: { 200: envelopeSchema(z.object({ url: z.string(), duration: z.number().nullable() })) },
      },
    },
    async (request) => {
      const viewerId = currentUser(request).id;
      await requireMessageInScope(ctx.db, pageScopeOf(request), request.params.id);
      const { row } = await readableMessage(ctx.db, request.params.id, viewerId);
      const [message] = await presentMessages(ctx, viewerId, [row]);
      const file = message!.files.find((f) => f._id === request.params.fileId && f.type === 'video');
      if (!file) throw notFound('messages.not_found', NO_SUCH_FILE);
      if (message!.isLocked) throw forbidden('content.locked', 'Unlock this message to watch its video');
      if (file.status !== 'finished' || !file.url) throw conflict('media.not_ready', 'The video is still being processed');
      return ok({ url: file.url, duration: file.durationSeconds });
    },
  );

  api.get(
    paths['messages.fileStatus'],
    {
      schema: {
        tags: ['messaging'],
        summary: 'Where a message’s video or audio is in processing',
        description: 'Clients poll it every 5000 ms while `processing`.',
        params: fileParams,
        response: { 200: envelopeSchema(z.object({ status: z.enum(FILE_STATUSES), progress: z.number().int() })) },
      },
    },
    async (request) => {
      await requireMessageInScope(ctx.db, pageScopeOf(request), request.params.id);
      const { row } = await readableMessage(ctx.db, request.params.id, currentUser(request).id);
      const [file] = row.deletedAt
        ? []
        : await ctx.db
            .select({ status: files.status, progress: files.progress })
            .from(messageFiles)
            .innerJoin(files, eq(files.id, messageFiles.fileId))
            .where(and(eq(messageFiles.messageId, row.id), eq(messageFiles.fileId, request.params.fileId)))
            .limit(1);
      if (!file) throw notFound('messages.not_found', NO_SUCH_FILE);
      return ok({ status: file.status ?? 'finished', progress: file.progress ?? 100 });
    },
  );
}
