import { z } from 'zod';
import { ORIGIN_PROOF_PATH, paths, type EmbedOriginDto } from '@fandeck/contract';
import type { AppContext } from '../../context.js';
import { envelopeSchema, list, listSchema, ok } from '../../http/envelope.js';
import { currentUser } from '../../http/guard.js';
import { defineDomain } from '../plugin.js';
import type { ApiScope } from '../types.js';
import { MAX_EMBED_ORIGINS, MAX_ORIGIN_LENGTH } from './embed-origin.js';
import { addOrigin, isOriginAllowed, listOrigins, removeOrigin, verifyOrigin } from './embeds.service.js';

const originSchema = z.object({
  _id: z.string(),
  origin: z.string(),
  createdAt: z.string(),
  verified: z.boolean(),
  verifiedAt: z.string().nullable(),
  token: z.string(),
  proofUrl: z.string(),
  proofMeta: z.string(),
}) satisfies z.ZodType<EmbedOriginDto>;

async function embedsRoutes(api: ApiScope, ctx: AppContext) {
  api.get(
    paths['embeds.list'],
    {
      schema: {
        tags: ['embeds'],
        summary: 'Origins allowed to embed the signed-in creator’s widgets',
        response: { 200: listSchema(originSchema) },
      },
    },
    async (request) => {
      const items = await listOrigins(ctx, currentUser(request).id);
      return list(items, items.length);
    },
  );

  api.post(
    paths['embeds.add'],
    {
      schema: {
        tags: ['embeds'],
        summary: 'Allow an origin to embed the signed-in creator’s widgets',
        description: `A bare http(s) origin, scheme://host[:port], stored normalised and not yet verified: it embeds nothing until \`POST /embeds/origins/:id/verify\` finds its token. At most ${MAX_EMBED_ORIGINS} per creator; a duplicate answers 409; the platform's own origin (and, in production, a local or private one) 422.`,
        body: z.object({ origin: z.string().max(MAX_ORIGIN_LENGTH + 1) }),
        response: { 200: envelopeSchema(originSchema) },
      },
    },
    async (request) => ok(await addOrigin(ctx, currentUser(request).id, request.body.origin)),
  );

  api.delete(
    paths['embeds.remove'],
    {
      schema: {
        tags: ['embeds'],
        summary: 'Stop allowing an origin',
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 200: envelopeSchema(originSchema) },
      },
    },
    async (request) => ok(await removeOrigin(ctx, currentUser(request).id, request.params.id)),
  );

  api.post(
    paths['embeds.verify'],
    {
      schema: {
        tags: ['embeds'],
        summary: 'Check that the creator controls a listed origin, which then may embed',
        description: `Fetches ${ORIGIN_PROOF_PATH} on the origin (one token a line), else its home page's \`<meta name="fandeck-origin" content="...">\`, looking for the listing's token. Not found: 422 \`embeds.origin_unverified\`, the message saying what the origin answered.`,
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 200: envelopeSchema(originSchema) },
      },
    },
    async (request) => ok(await verifyOrigin(ctx, currentUser(request).id, request.params.id)),
  );

  api.get(
    paths['embeds.check'],
    {
      schema: {
        tags: ['embeds'],
        summary: 'Whether an origin may embed a creator’s widgets (asked by the bridge page)',
        querystring: z.object({ creator: z.string().min(1).max(100), origin: z.string().min(1).max(MAX_ORIGIN_LENGTH + 1) }),
        response: { 200: envelopeSchema(z.object({ allowed: z.boolean() })) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ allowed: await isOriginAllowed(ctx, request.query.creator, request.query.origin) });
    },
  );
}

export default defineDomain({ name: 'embeds', dependsOn: ['accounts'], register: embedsRoutes });
