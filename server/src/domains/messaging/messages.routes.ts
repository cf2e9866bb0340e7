import { MESSAGE_PAGE_SIZE, paths } from '@fandeck/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { newId } from '../../db/schema/ids.js';
import { envelopeSchema, list, listSchema, ok, okFor } from '../../http/envelope.js';
import { currentUser, type AuthUser } from '../../http/guard.js';
import { pageScopeOf, requireCreatorInScope } from '../../http/page-scope.js';
import type { ApiScope } from '../types.js';
import { storeMessage, type Author } from './message-store.js';
import { deliverMessage, type Notifier } from './messaging.live.js';
import { findStreamConversation, listMessages, readableConversation } from './messaging.queries.js';
import { idParams, messageListQuerySchema, messageSchema, sendMessageSchema, SINCE_PAGE_MAX, totalSchema, type SendMessageInput } from './messaging.schemas.js';
import { deleteMessage, markOpened, readAll } from './messaging.service.js';
import { requireConversationInScope, requireMessageInScope, unreadTotalInScope } from './page-scope.js';
import { clearStream } from './stream-chat.js';
import type { StreamChat } from './stream-chat-writer.js';

const NOT_THIS_PAGES_STREAM = 'This page may only write in the stream chats of the creators whose site it is';
const viewerOf = (request: FastifyRequest): AuthUser | null => request.auth?.user ?? null;
const authorOf = (request: FastifyRequest): Author => {
  const user = currentUser(request);
  return { id: user.id, role: user.role };
};
// Existing clients send `{ text, fileIds, type }` without a clientId (api-contract section 7): the send gets a fresh
// one, so it is stored as a new message (a resend of it is a new message too, as it is for those clients).
const toStoreInput = (body: SendMessageInput) => ({ clientId: body.clientId ?? `srv-${newId()}`, text: body.text, fileIds: body.fileIds, priceCents: body.price });

const PAGING = `Pages of ${MESSAGE_PAGE_SIZE}, each oldest first. By default the newest page, \`offset\` counted from the newest; \`beforeSeq\`: the page before that message; \`sinceSeq\`: everything after it, oldest first, up to ${SINCE_PAGE_MAX} a call (ask again from the last \`seq\`). \`total\` counts all that match.`;
const SEND =
  'Body `{ clientId?, text?, fileIds?, price? }`: `clientId` (1 to 64 letters, digits, `-`, `_`) made by the client; without one the server makes one (each such send is a new message); a resend with the same one answers the stored message and stores nothing (the same clientId with other content: 409 `messages.client_id_conflict`). The answer comes after commit: it is the ack. 422 `messages.empty`, `messages.price_not_allowed` (creators only, and only on files), `messages.files_invalid` (files from the message upload routes, your own).';

/** Reading, sending, deleting and reading-all of messages, in private and stream conversations. */
export function messageRoutes(api: ApiScope, ctx: AppContext, notifier: Notifier, chat: StreamChat): void {
  const page = { querystring: messageListQuerySchema, response: { 200: listSchema(messageSchema) } };
  const one = { 200: envelopeSchema(messageSchema) };

  api.get(
    paths['messages.list'],
    { schema: { tags: ['messaging'], summary: 'A conversation’s messages (a private one: its members only)', description: PAGING, params: idParams, ...page } },
    async (request) => {
      const viewer = currentUser(request);
      await requireConversationInScope(ctx.db, pageScopeOf(request), request.params.id);
      const conversation = await readableConversation(ctx.db, request.params.id, viewer.id);
      const { items, total } = await listMessages(ctx, conversation.id, viewer.id, request.query);
      return list(items, total);
    },
  );

  api.post(
    paths['messages.send'],
    { schema: { tags: ['messaging'], summary: 'Send a message', description: SEND, params: idParams, body: sendMessageSchema, response: one } },
    async (request) => {
      await requireConversationInScope(ctx.db, pageScopeOf(request), request.params.id);
      const stored = await storeMessage(ctx, request.params.id, authorOf(request), toStoreInput(request.body), 'message-uploads');
      return ok(await deliverMessage(ctx, stored, notifier));
    },
  );

  const streamRead = { schema: { tags: ['messaging'], summary: 'A stream chat’s messages, for anyone', description: PAGING, params: idParams, ...page } };
  for (const path of [paths['messages.publicList'], paths['messages.streamList']]) {
    api.get(path, streamRead, async (request) => {
      const conversation = await findStreamConversation(ctx.db, request.params.id);
      const { items, total } = await listMessages(ctx, conversation.id, viewerOf(request)?.id ?? null, request.query);
      return list(items, total);
    });
  }

  const streamSend = {
    schema: {
      tags: ['messaging'],
      summary: 'Write in a stream chat (free messages; refused to a fan its creator blocked)',
      description: `${SEND} From a third-party page: 403 \`embeds.origin_not_owned\` in the chat of a creator who does not own it.`,
      params: idParams,
      body: sendMessageSchema,
      response: one,
    },
  };
  for (const path of [paths['messages.streamSend'], paths['messages.streamPublicSend']]) {
    api.post(path, streamSend, async (request) => {
      const room = await chat.room(request.params.id);
      // Reading a stream chat is public; writing in one as the fan, from a page, only in its own creators'.
      requireCreatorInScope(pageScopeOf(request), room.performerId, NOT_THIS_PAGES_STREAM);
      return ok(await chat.send(room, authorOf(request), toStoreInput(request.body)));
    });
  }

  api.delete(
    paths['messages.delete'],
    { schema: { tags: ['messaging'], summary: 'Delete your own message (its text becomes “Message deleted!”)', description: '403 `messages.not_sender` for anyone else’s.', params: idParams, response: one } },
    async (request) => {
      await requireMessageInScope(ctx.db, pageScopeOf(request), request.params.id);
      return okFor('messages.delete', await deleteMessage(ctx, currentUser(request), request.params.id));
    },
  );

  api.delete(
    paths['messages.streamClear'],
    {
      schema: {
        tags: ['messaging'],
        summary: 'Delete every message of your stream chat',
        description: 'Sends `clear_all_messages_{id}` to its room; 403 `conversations.not_participant` for another creator’s chat.',
        params: idParams,
        response: { 200: envelopeSchema(z.object({ success: z.literal(true), deleted: z.number().int() })) },
      },
    },
    async (request) => ok({ success: true as const, deleted: await clearStream(ctx, currentUser(request), request.params.id) }),
  );

  const unread = { schema: { tags: ['messaging'], summary: 'The signed-in user’s unseen messages over all conversations', response: { 200: envelopeSchema(totalSchema) } } };
  for (const path of [paths['messages.totalUnread'], paths['messages.countingNotRead']]) {
    api.get(path, unread, async (request) => ok({ total: await unreadTotalInScope(ctx.db, currentUser(request).id, pageScopeOf(request)) }));
  }

  api.post(
    paths['messages.readAll'],
    {
      schema: {
        tags: ['messaging'],
        summary: 'Mark a conversation read',
        description: 'Its unseen count becomes 0; answers (and sends as `nofify_read_messages_in_conversation`) the unseen total left over all conversations.',
        params: idParams,
        response: { 200: envelopeSchema(totalSchema) },
      },
    },
    async (request) => {
      const scope = pageScopeOf(request);
      await requireConversationInScope(ctx.db, scope, request.params.id);
      const total = await readAll(ctx, currentUser(request), request.params.id);
      // A page is told only what its own conversations hold.
      return okFor('messages.readAll', { total: scope ? await unreadTotalInScope(ctx.db, currentUser(request).id, scope) : total });
    },
  );

  api.post(
    paths['messages.opened'],
    { schema: { tags: ['messaging'], summary: 'The recipient opened a message (set once)', params: idParams, response: one } },
    async (request) => {
      await requireMessageInScope(ctx.db, pageScopeOf(request), request.params.id);
      return okFor('messages.opened', await markOpened(ctx, currentUser(request), request.params.id));
    },
  );
}
