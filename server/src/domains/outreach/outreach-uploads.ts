/**
 * Photo and video uploads for mass messages and templates, through the media pipeline as the
 * message uploads: photos re-encoded to WebP without metadata, videos transcoded to HLS by
 * the durable `media.transcode` job, both kept in the media store and served only through
 * signed links. The file belongs to the creator (staff upload for the creator they name).
 */
import type { MessageUploadDto } from '@fandeck/contract';
import type { AppContext } from '../../context.js';
import { envelopeSchema, ok } from '../../http/envelope.js';
import { currentUser } from '../../http/guard.js';
import { IMAGE_FIELD, uploadImage } from '../../media/image-upload.js';
import { signMediaPath } from '../../media/signed-links.js';
import { uploadVideo, VIDEO_FIELD } from '../../media/video-upload.js';
import { messageUploadSchema } from '../messaging/index.js';
import type { ApiScope } from '../types.js';
import { creatorFor, type OutreachArea } from './outreach.access.js';
import { MESSAGE_PHOTO_PURPOSE, MESSAGE_VIDEO_PURPOSE } from './outreach-content.js';
import { performerQuery } from './outreach.schemas.js';

export function uploadRoutes(api: ApiScope, ctx: AppContext, area: OutreachArea, tag: string, routes: { photo: string; video: string }): void {
  const response = { 200: envelopeSchema(messageUploadSchema) };
  api.post(
    routes.photo,
    {
      schema: {
        tags: [tag],
        summary: 'Upload a photo to send',
        description: `multipart, the photo as \`${IMAGE_FIELD}\`: JPEG, PNG, WebP or GIF up to the photo limit. \`url\` is a short-lived link for the uploader. Staff name the creator with \`performerId\`.`,
        consumes: ['multipart/form-data'],
        querystring: performerQuery,
        response,
      },
    },
    async (request) => {
      const creatorId = await creatorFor(ctx.db, request, area, 'create', request.query.performerId);
      const image = await uploadImage(ctx, request, creatorId, 'photo', { folder: 'media', purpose: MESSAGE_PHOTO_PURPOSE });
      const size = image.variants.at(-1)!.name;
      const url = `${ctx.config.publicOrigin}${signMediaPath(ctx.config.mediaUrlSecret, image.fileId, size, currentUser(request).id)}`;
      return ok<MessageUploadDto>({ _id: image.fileId, type: 'photo', url, status: null });
    },
  );
  api.post(
    routes.video,
    {
      schema: {
        tags: [tag],
        summary: 'Upload a video to send',
        description: `multipart, the video as \`${VIDEO_FIELD}\`: MP4, WebM or QuickTime up to the video limit. Answers at once with \`status: processing\`; it is transcoded in the background.`,
        consumes: ['multipart/form-data'],
        querystring: performerQuery,
        response,
      },
    },
    async (request) => {
      const creatorId = await creatorFor(ctx.db, request, area, 'create', request.query.performerId);
      const video = await uploadVideo(ctx, request, creatorId, MESSAGE_VIDEO_PURPOSE);
      return ok<MessageUploadDto>({ _id: video.fileId, type: 'video', url: null, status: video.status });
    },
  );
}
