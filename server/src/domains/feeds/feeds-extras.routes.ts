import { z } from 'zod';
import { paths } from '@fandeck/contract';
import type { AppContext } from '../../context.js';
import { countryOfRequest } from '../../content/blocks.js';
import { envelopeSchema, ok, okFor } from '../../http/envelope.js';
import { currentUser } from '../../http/guard.js';
import { IMAGE_FIELD, uploadImage } from '../../media/image-upload.js';
import { AUDIO_FIELD, uploadAudio, uploadVideo, VIDEO_FIELD } from '../../media/video-upload.js';
import type { ApiScope } from '../types.js';
import { createCrowdfunding, crowdfundingSchema } from './feeds-crowdfunding.service.js';
import { createPoll, pollSchema, pollsOf, vote } from './feeds-polls.service.js';
import { FEED_TEASER_PURPOSE, FEED_THUMBNAIL_PURPOSE } from './feeds-previews.js';
import { crowdfundingInputSchema, POLL_OPTIONS_MAX, pollInputSchema } from './feeds.schemas.js';
import { FEED_AUDIO_PURPOSE } from './feeds.service.js';

const processing = envelopeSchema(z.object({ success: z.literal(true), _id: z.string(), status: z.literal('processing') }));

/** The Feeds calls beyond posts themselves: audio and preview uploads, polls and votes, crowdfunding goals. */
export function feedExtrasRoutes(api: ApiScope, ctx: AppContext): void {
  api.post(
    paths['feeds.audioUpload'],
    {
      schema: {
        tags: ['feeds'],
        summary: 'Upload the audio of a post',
        description: `multipart, the audio as \`${AUDIO_FIELD}\`: MP3, AAC, M4A, Ogg, WAV or WebM audio, recognised by its bytes, up to the video limit. Answers at once with \`status: processing\`; it is converted to AAC in MP4 in the background (poll GET /user/feeds/{id}/file/{fileId}/status once it is in a post of type \`audio\`).`,
        consumes: ['multipart/form-data'],
        response: { 200: processing },
      },
    },
    async (request) => {
      const audio = await uploadAudio(ctx, request, currentUser(request).id, FEED_AUDIO_PURPOSE);
      return ok({ success: true as const, _id: audio.fileId, status: audio.status });
    },
  );

  api.post(
    paths['feeds.thumbnailUpload'],
    {
      schema: {
        tags: ['feeds'],
        summary: 'Upload the thumbnail of a video or audio post',
        description: `multipart, the image as \`${IMAGE_FIELD}\`: JPEG, PNG, WebP or GIF up to the photo limit; stored in three WebP sizes without its metadata. Name it as \`thumbnailId\` in POST or PUT /performer/feeds: every viewer sees it, locked or not.`,
        consumes: ['multipart/form-data'],
        response: { 200: envelopeSchema(z.object({ success: z.literal(true), _id: z.string(), width: z.number().int(), height: z.number().int(), placeholder: z.string() })) },
      },
    },
    async (request) => {
      const image = await uploadImage(ctx, request, currentUser(request).id, 'photo', { folder: 'media', purpose: FEED_THUMBNAIL_PURPOSE });
      return ok({ success: true as const, _id: image.fileId, width: image.width, height: image.height, placeholder: image.placeholder });
    },
  );

  api.post(
    paths['feeds.teaserUpload'],
    {
      schema: {
        tags: ['feeds'],
        summary: 'Upload the teaser of a video or audio post',
        description: `multipart, a short video as \`${VIDEO_FIELD}\`: MP4, WebM or QuickTime. Transcoded in the background like a post's video; name it as \`teaserId\` in POST or PUT /performer/feeds: every viewer gets its first seconds as an MP4, locked or not.`,
        consumes: ['multipart/form-data'],
        response: { 200: processing },
      },
    },
    async (request) => {
      const video = await uploadVideo(ctx, request, currentUser(request).id, FEED_TEASER_PURPOSE);
      return ok({ success: true as const, _id: video.fileId, status: video.status });
    },
  );

  api.post(
    paths['feeds.createPoll'],
    {
      schema: {
        tags: ['feeds'],
        summary: 'Create a poll for a post',
        description: `2 to ${POLL_OPTIONS_MAX} options of 1 to 100 characters, an optional description and an optional closing date (ISO, in the future). Answers the poll; publish it with POST /performer/feeds \`{ type: 'poll', pollId }\` (one poll per post, kept by it).`,
        body: pollInputSchema,
        response: { 200: envelopeSchema(pollSchema) },
      },
    },
    async (request) => ok(await createPoll(ctx, currentUser(request), request.body)),
  );

  api.post(
    paths['feeds.vote'],
    {
      schema: {
        tags: ['feeds'],
        summary: 'Vote in a post’s poll',
        description:
          '`id` is the id of the chosen option (`poll.options[]._id`); no body. One vote per fan per poll: a second is 409 `polls.already_voted`; after `expiredAt` 422 `polls.closed`; a post the fan may not see is 404; a paid post not unlocked is 403 `content.locked`. Answers the poll with its new counts.',
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 200: envelopeSchema(pollSchema) },
      },
    },
    async (request) => {
      const fan = currentUser(request);
      const feedId = await vote(ctx, fan, request.params.id, countryOfRequest(request));
      return okFor('feeds.vote', (await pollsOf(ctx.db, fan.id, [feedId])).get(feedId)!);
    },
  );

  api.post(
    paths['feeds.createCrowdfunding'],
    {
      schema: {
        tags: ['feeds'],
        summary: 'Create a crowdfunding goal for a post',
        description:
          "`goal` in decimal units, at least 1.00; `title` and `description` optional. Publish it with POST /performer/feeds `{ type: 'crowdfunding', crowdfundingId }` (one goal per post, kept by it). Fans contribute an amount they choose through POST /wallet/charges/crowdfunding/{goal id} `{ price }` (1.00 to 10000.00).",
        body: crowdfundingInputSchema,
        response: { 200: envelopeSchema(crowdfundingSchema) },
      },
    },
    async (request) => ok(await createCrowdfunding(ctx, currentUser(request), request.body)),
  );
}
