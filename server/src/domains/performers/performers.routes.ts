import { audienceOf } from '../../content/blocks.js';
import { z } from 'zod';
import { paths } from '@fandeck/contract';
import type { AppContext } from '../../context.js';
import { envelopeSchema, list, listSchema, ok, okFor } from '../../http/envelope.js';
import { readMultipart } from '../../http/multipart.js';
import { currentUser } from '../../http/guard.js';
import { IMAGE_FIELD, presentImage, replaceProfileImage, storedImageSchema } from '../../media/image-upload.js';
import { listQuerySchema, pageSizeSchema, sortableListQuery } from '../../http/pagination.js';
import { parseOrThrow } from '../../http/validate.js';
import { performerRegisterSchema, registered, registerWithoutRevealingEmail, registrationAnswer } from '../auth/index.js';
import { defineDomain, type DomainDeps } from '../plugin.js';
import type { ApiScope } from '../types.js';
import { registerCreatorReview } from './creator-review.routes.js';
import { creatorFilterShape, FILTERS_DESCRIPTION } from './performer-filters.js';
import { ownPerformerSchema, performerSchema } from './performers.presenter.js';
import { DOCUMENT_FIELDS, registerPerformer } from './performer-registration.js';
import { ownProfile } from './performer-profile.service.js';
import { registerPerformerSettings } from './performer-settings.routes.js';
import { findPerformer, performerSortColumns, randomPerformers, searchPerformers, topPerformers } from './performers.service.js';

async function performersRoutes(api: ApiScope, ctx: AppContext, deps: DomainDeps) {
  const accounts = deps.get('accounts');
  registerCreatorReview(api, ctx);
  registerPerformerSettings(api, ctx);
  api.get(
    paths['performers.search'],
    {
      schema: {
        tags: ['performers'],
        summary: 'Find creators (paged)',
        description: FILTERS_DESCRIPTION,
        querystring: sortableListQuery(performerSortColumns).extend(creatorFilterShape),
        response: { 200: listSchema(performerSchema) },
      },
    },
    async (request) => {
      const { items, total } = await searchPerformers(ctx, request.query, audienceOf(request));
      return list(items, total);
    },
  );

  const sample = z.object({ limit: pageSizeSchema(50).default(10), q: listQuerySchema.shape.q, ...creatorFilterShape });
  api.get(
    paths['performers.top'],
    { schema: { tags: ['performers'], summary: 'The most subscribed creators, then the most followed', description: FILTERS_DESCRIPTION, querystring: sample, response: { 200: listSchema(performerSchema) } } },
    async (request) => {
      const { limit, ...filters } = request.query;
      const items = await topPerformers(ctx, limit, audienceOf(request), filters);
      return list(items, items.length);
    },
  );
  api.get(
    paths['performers.random'],
    { schema: { tags: ['performers'], summary: 'A random handful of creators', description: FILTERS_DESCRIPTION, querystring: sample, response: { 200: listSchema(performerSchema) } } },
    async (request) => {
      const { limit, ...filters } = request.query;
      const items = await randomPerformers(ctx, limit, audienceOf(request), filters);
      return list(items, items.length);
    },
  );
  api.get(
    paths['performers.me'],
    {
      schema: {
        tags: ['performers'],
        summary: 'The signed-in creator’s own profile: the public one, plus address and payout settings (masked)',
        response: { 200: envelopeSchema(ownPerformerSchema) },
      },
    },
    async (request) => okFor('performers.me', await ownProfile(ctx, currentUser(request).id, currentUser(request).id)),
  );

  api.get(
    paths['performers.get'],
    {
      schema: {
        tags: ['performers'],
        summary: "A creator's public profile, by id or username",
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 200: envelopeSchema(performerSchema) },
      },
    },
    async (request) => ok(await findPerformer(ctx, request.params.id, audienceOf(request))),
  );

  // Under /auth with the fan's registration, but the creator's documents are this domain's.
  api.post(
    paths['auth.registerCreator'],
    {
      schema: {
        tags: ['auth'],
        summary: 'Register a creator (multipart, with ID documents)',
        description: `Fields as the fan registration plus dateOfBirth; files: ${DOCUMENT_FIELDS.join(', ')} (JPEG, PNG, WebP or PDF).`,
        consumes: ['multipart/form-data'],
        response: { 200: registered },
      },
    },
    async (request) => {
      const { fields, files } = await readMultipart(request, DOCUMENT_FIELDS);
      const input = parseOrThrow(performerRegisterSchema, fields);
      const user = await registerWithoutRevealingEmail(ctx, accounts, input.email, () => registerPerformer(ctx, input, files));
      return ok(registrationAnswer(user));
    },
  );

  for (const which of ['avatar', 'cover'] as const) {
    api.post(
      paths[which === 'avatar' ? 'performers.avatarUpload' : 'performers.coverUpload'],
      {
        schema: {
          tags: ['performers'],
          summary: `Upload the signed-in creator’s ${which}`,
          description: `multipart, the picture as \`${IMAGE_FIELD}\`: JPEG, PNG, WebP or GIF up to the photo limit; stored as WebP in three sizes, without its metadata`,
          consumes: ['multipart/form-data'],
          response: { 200: envelopeSchema(storedImageSchema) },
        },
      },
      async (request) => ok(presentImage(ctx.config.publicOrigin, await replaceProfileImage(ctx, request, currentUser(request).id, which))),
    );
  }
}

export default defineDomain({ name: 'performers', dependsOn: ['accounts', 'auth'], register: performersRoutes });
