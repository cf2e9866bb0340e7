import { paths } from '@fandeck/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { envelopeSchema, list, listSchema, ok } from '../../http/envelope.js';
import { currentUser, type AuthUser } from '../../http/guard.js';
import { pageScopeOf } from '../../http/page-scope.js';
import type { ApiScope } from '../types.js';
import { conversationFor, findStreamConversation, listConversations } from './messaging.queries.js';
import { conversationListQuerySchema, conversationSchema, idParams, openConversationSchema, streamUpdateSchema } from './messaging.schemas.js';
import { openConversation } from './messaging.service.js';
import { requireConversationInScope, scopeCondition } from './page-scope.js';
import { streamOfPerformer, updateStream } from './stream-chat.js';

const one = { 200: envelopeSchema(conversationSchema) };
const viewerOf = (request: FastifyRequest): AuthUser | null => request.auth?.user ?? null;

/** Conversations: the viewer's list, opening one with a user or creator, one by id, and a creator's stream chat. */
export function conversationRoutes(api: ApiScope, ctx: AppContext): void {
  const search = {
    schema: {
      tags: ['messaging'],
      summary: 'The signed-in user’s conversations, most recent first, each with the other participant and the unseen count',
      description: '`q` (or `keyword`) matches the other participant’s name or username; `type` `private` or `stream`; `sortBy` `updatedAt` (default), `createdAt` or `lastMessageCreatedAt`.',
      querystring: conversationListQuerySchema,
      response: { 200: listSchema(conversationSchema) },
    },
  };
  for (const path of [paths['conversations.list'], paths['conversations.search']]) {
    api.get(path, search, async (request) => {
      const { items, total } = await listConversations(ctx, currentUser(request), request.query, scopeCondition(pageScopeOf(request)));
      return list(items, total);
    });
  }

  api.post(
    paths['conversations.open'],
    {
      schema: {
        tags: ['messaging'],
        summary: 'Open (or find) the private conversation with a creator or a fan',
        description:
          '`source` `performer` or `user` says what `sourceId` (an id or username) names. 404 `conversations.recipient_not_found`; 422 `conversations.self`; 403 `conversations.blocked` when the creator blocked you. Two opens at once find the same conversation.',
        body: openConversationSchema,
        response: one,
      },
    },
    async (request) => ok(await openConversation(ctx, currentUser(request), request.body, pageScopeOf(request))),
  );

  api.get(
    paths['conversations.streamOfPerformer'],
    {
      schema: { tags: ['messaging'], summary: 'A creator’s stream chat (by id or username), created on first ask', params: idParams, response: one },
    },
    async (request) => ok(await streamOfPerformer(ctx, viewerOf(request), request.params.id)),
  );

  api.get(
    paths['conversations.stream'],
    { schema: { tags: ['messaging'], summary: 'A stream chat by id', params: idParams, response: one } },
    async (request) => {
      const row = await findStreamConversation(ctx.db, request.params.id);
      return ok(await conversationFor(ctx, viewerOf(request), row.id));
    },
  );

  api.put(
    paths['conversations.streamUpdate'],
    {
      schema: {
        tags: ['messaging'],
        summary: 'Touch the creator’s own stream chat; optionally name the stream it belongs to',
        description: '403 `conversations.not_participant` for another creator’s chat.',
        params: idParams,
        body: streamUpdateSchema,
        response: one,
      },
    },
    async (request) => ok(await updateStream(ctx, currentUser(request), request.params.id, request.body ?? {})),
  );

  api.get(
    paths['conversations.get'],
    {
      schema: { tags: ['messaging'], summary: 'One conversation (a private one: its members only, else 403 `conversations.not_participant`)', params: idParams, response: one },
    },
    async (request) => {
      await requireConversationInScope(ctx.db, pageScopeOf(request), request.params.id);
      return ok(await conversationFor(ctx, currentUser(request), request.params.id));
    },
  );
}
