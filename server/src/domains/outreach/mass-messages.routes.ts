import { paths } from '@fandeck/contract';
import type { AppContext } from '../../context.js';
import { envelopeSchema, list, listSchema, ok, okFor, listFor } from '../../http/envelope.js';
import type { ApiScope } from '../types.js';
import { createMassMessage, deleteMassMessage, getMassMessage, openedOf, searchMassMessages, updateMassMessage } from './mass-messages.service.js';
import { creatorFor, rowScope } from './outreach.access.js';
import { uploadRoutes } from './outreach-uploads.js';
import {
  broadcastBody,
  idParams,
  massMessageBody,
  massMessageSchema,
  massMessageUpdateBody,
  massSearchQuery,
  openedQuery,
  openedSchema,
  performerQuery,
  successSchema,
} from './outreach.schemas.js';

const AREA = 'mass_message';
const TAG = 'mass messages';
const one = { 200: envelopeSchema(massMessageSchema) };
const deleted = { 200: envelopeSchema(successSchema) };
const STAFF = 'Staff with the `mass_message` permission of the action act for any creator, naming one with `performerId` where a message is made or listed.';

export function massMessageRoutes(api: ApiScope, ctx: AppContext): void {
  uploadRoutes(api, ctx, AREA, TAG, { photo: paths['massMessages.photo'], video: paths['massMessages.video'] });

  api.get(
    paths['massMessages.search'],
    {
      schema: { tags: [TAG], summary: 'The creator’s mass messages, newest first, with their counts', description: STAFF, querystring: massSearchQuery, response: { 200: listSchema(massMessageSchema) } },
    },
    async (request) => {
      const creatorId = await creatorFor(ctx.db, request, AREA, 'view', request.query.performerId);
      const { items, total } = await searchMassMessages(ctx, creatorId, request.query);
      return listFor('massMessages.search', items, total);
    },
  );

  api.post(
    paths['massMessages.create'],
    {
      schema: {
        tags: [TAG],
        summary: 'Send a message to many fans, now or at `scheduledAt`',
        description: `Audience \`subscribers\` (access holds now), \`followers\` or \`lists\` (\`listIds\`: the creator’s own lists); fans the creator blocked are left out. A price needs files and is at most the tip maximum. ${STAFF}`,
        querystring: performerQuery,
        body: massMessageBody,
        response: one,
      },
    },
    async (request) => {
      const creatorId = await creatorFor(ctx.db, request, AREA, 'create', request.query.performerId);
      return okFor('massMessages.create', await createMassMessage(ctx, creatorId, request.body));
    },
  );

  api.post(
    paths['messages.broadcast'],
    {
      schema: {
        tags: [TAG],
        summary: 'Send a message now to all active subscribers (a mass message without a schedule)',
        description: `The body of a mass message without \`scheduledAt\`; the audience defaults to \`subscribers\`. ${STAFF}`,
        querystring: performerQuery,
        body: broadcastBody,
        response: one,
      },
    },
    async (request) => {
      const creatorId = await creatorFor(ctx.db, request, AREA, 'create', request.query.performerId);
      return ok(await createMassMessage(ctx, creatorId, { ...request.body, audience: request.body.audience ?? { kind: 'subscribers' }, scheduledAt: null }));
    },
  );

  api.get(
    paths['massMessages.get'],
    { schema: { tags: [TAG], summary: 'One mass message', params: idParams, response: one } },
    async (request) => ok(await getMassMessage(ctx, rowScope(request, AREA, 'view'), request.params.id)),
  );

  api.put(
    paths['massMessages.update'],
    {
      schema: {
        tags: [TAG],
        summary: 'Change a scheduled mass message',
        description: 'Only the fields sent change; `scheduledAt: null` sends it now. 422 `mass_messages.not_editable` once it is being sent.',
        params: idParams,
        body: massMessageUpdateBody,
        response: one,
      },
    },
    async (request) => okFor('massMessages.update', await updateMassMessage(ctx, rowScope(request, AREA, 'update'), request.params.id, request.body)),
  );

  api.delete(
    paths['massMessages.delete'],
    {
      schema: {
        tags: [TAG],
        summary: 'Delete a scheduled mass message; it is not sent',
        description: '422 `mass_messages.not_editable` once it is being sent.',
        params: idParams,
        response: deleted,
      },
    },
    async (request) => {
      await deleteMassMessage(ctx, rowScope(request, AREA, 'delete'), request.params.id);
      return okFor('massMessages.delete', { success: true as const });
    },
  );

  api.get(
    paths['massMessages.opened'],
    {
      schema: {
        tags: [TAG],
        summary: 'How many copies were opened, of how many sent, and a page of the fans who opened them',
        params: idParams,
        querystring: openedQuery,
        response: { 200: envelopeSchema(openedSchema) },
      },
    },
    async (request) => ok(await openedOf(ctx, rowScope(request, AREA, 'view'), request.params.id, request.query)),
  );
}
