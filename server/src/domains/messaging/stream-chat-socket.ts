/**
 * `stream-chat/send` (contract `ClientEvents`): a stream chat's text message over the socket the
 * fan already signed in on, so a live room's chat costs no HTTP request and no token lookup per
 * message. The rules are the send route's (messages.routes.ts): signed in, an active account, a
 * stream chat, not blocked by its creator (the writer checks it), the contract's length limit, a
 * `clientId` that makes a resend store nothing. The message goes through the same stream-chat
 * writer, and the ack carries it only once it is stored; a refusal acks its error code.
 *
 * Third-party pages never reach this: the bridge does not relay this event (bridge-live.ts), so
 * a page writes through the HTTP route, which checks that the page's creators own the chat.
 */
import { CLIENT_EVENTS, MESSAGE_TEXT_MAX, type ErrorCode, type StreamChatSendAnswer } from '@fandeck/contract';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { isId } from '../../db/schema/ids.js';
import { users } from '../accounts/accounts.tables.js';
import { HttpError } from '../../http/errors.js';
import { isInactive } from '../accounts/index.js';
import type { Author } from './message-store.js';
import type { StreamChat } from './stream-chat-writer.js';

const payloadSchema = z.object({
  conversationId: z.string().refine(isId),
  clientId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  text: z.string().trim().max(MESSAGE_TEXT_MAX),
});

/**
 * How long a sender's account (role, status) is trusted before it is read again (by `ctx.now`): a
 * fan writing fifty messages a second costs one read, and an account staff switch off is refused
 * within this.
 */
export const AUTHOR_FRESH_MS = 5_000;
/** Accounts remembered at once; the oldest is forgotten past this. */
const AUTHORS_REMEMBERED = 10_000;

interface Known {
  at: number;
  author: Promise<(Author & { status: string }) | null>;
}

const refuse = (code: ErrorCode): StreamChatSendAnswer => ({ ok: false, code });

export function registerStreamChatSocket(ctx: AppContext, chat: StreamChat): void {
  const on = ctx.realtime.onClientEvent?.bind(ctx.realtime);
  if (!on) return;
  const known = new Map<string, Known>();

  function authorOf(userId: string) {
    const now = ctx.now().getTime();
    const held = known.get(userId);
    if (held && now - held.at < AUTHOR_FRESH_MS) return held.author;
    const author = ctx.db
      .select({ id: users.id, role: users.role, status: users.status })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1)
      .then(([row]) => row ?? null);
    known.delete(userId);
    if (known.size >= AUTHORS_REMEMBERED) known.delete(known.keys().next().value!);
    known.set(userId, { at: now, author });
    // A failed read is not remembered.
    author.catch(() => {
      if (known.get(userId)?.author === author) known.delete(userId);
    });
    return author;
  }

  on(CLIENT_EVENTS.streamChatSend, async (userId, payload): Promise<StreamChatSendAnswer> => {
    if (!userId) return refuse('auth.sign_in_required');
    const body = payloadSchema.safeParse(payload);
    if (!body.success) return refuse('request.invalid');
    try {
      const author = await authorOf(userId);
      if (!author) return refuse('auth.sign_in_required');
      if (isInactive(author)) return refuse('auth.account_inactive');
      const room = await chat.room(body.data.conversationId);
      const input = { clientId: body.data.clientId, text: body.data.text, fileIds: [], priceCents: 0 };
      return { ok: true, message: await chat.send(room, { id: author.id, role: author.role }, input) };
    } catch (error) {
      return refuse(error instanceof HttpError ? error.code : 'server.error');
    }
  });
}
