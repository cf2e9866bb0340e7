/**
 * How a stream chat's messages are written and sent, fast: a live room may take dozens of
 * messages a second, and none may wait on another's transaction.
 *
 * Each room has a queue in this process. A text message (no files, free: nearly every chat
 * message) joins it, and the messages waiting when the room's previous write returns are
 * stored by one statement: an append-only INSERT of all of them, which also checks the
 * creator's block list and reads the senders' names back. The conversation row is neither
 * locked nor rewritten (a stream chat's last message is read from its newest message,
 * `streamLastMessage`). The room event goes out as soon as that statement returns, in `seq`
 * order, before the senders' answers.
 *
 * Order: the statement first takes the room's advisory lock (`streamRoomLock`), held only
 * until it commits, so the rooms' writers in every process commit in `seq` order and a
 * client catching up with `sinceSeq` never skips a message. Within this process the queue
 * writes and emits one batch after another, so clients hear the room in `seq` order.
 *
 * Anything else (files, a price, a resent or conflicting clientId, a blocked writer, a
 * failed batch) goes through `storeMessage`, the one general path, in its turn in the queue.
 */
import type { MessageDto } from '@fandeck/contract';
import { roomEvents } from '@fandeck/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { newId } from '../../db/schema/ids.js';
import type { MessageType } from './messaging.tables.js';
import { checkContent, storeMessage, streamRoomLock, type Author, type StoreInput } from './message-store.js';
import { conversationRoom, deliverMessage } from './messaging.live.js';
import { presentMessage, type ConversationRow, type MessageParts, type MessageRow, type PartyRow } from './messaging.presenter.js';
import { findStreamConversation } from './messaging.queries.js';

/** What a stream chat's writer needs of its conversation; none of it ever changes. */
export type StreamRoom = Pick<ConversationRow, 'id' | 'type' | 'performerId'>;

export interface StreamChat {
  /** The stream chat (404 for any other conversation), from memory after the first ask. */
  room(id: string): Promise<StreamRoom>;
  /** Stores the message, sends it to the room and answers it as its sender sees it (the ack). */
  send(room: StreamRoom, author: Author, input: StoreInput): Promise<MessageDto>;
}

/** The most messages one statement stores (4 parameters each). */
const BATCH_MAX = 200;
/** Stream chats whose facts are kept in memory; the oldest is forgotten past this. */
const ROOMS_REMEMBERED = 10_000;
const NOTHING_BOUGHT: ReadonlySet<string> = new Set();

interface Job {
  author: Author;
  input: StoreInput;
  /** Text only and free: stored by the batch statement. */
  fast: boolean;
  resolve(message: MessageDto): void;
  reject(error: unknown): void;
}

type Raw = Record<string, unknown>;
const rowsOf = (result: unknown): Raw[] => (Array.isArray(result) ? result : (result as { rows: Raw[] }).rows);
const date = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));
const dateOrNull = (value: unknown) => (value === null || value === undefined ? null : date(value));

function messageRowOf(raw: Raw): MessageRow {
  return {
    id: String(raw.id),
    seq: Number(raw.seq),
    conversationId: String(raw.conversation_id),
    senderId: String(raw.sender_id),
    clientId: String(raw.client_id),
    type: raw.type as MessageType,
    text: String(raw.text),
    priceCents: Number(raw.price_cents),
    massId: (raw.mass_id as string | null) ?? null,
    autoMessageId: (raw.auto_message_id as string | null) ?? null,
    openedAt: dateOrNull(raw.opened_at),
    deletedAt: dateOrNull(raw.deleted_at),
    createdAt: date(raw.created_at),
    updatedAt: date(raw.updated_at),
  };
}

/** One statement: the room's lock, every message not from a blocked writer, their senders. */
function insertBatch(room: StreamRoom, jobs: readonly Job[]) {
  const values = sql.join(
    jobs.map((job, ord) => sql`(${ord}::int, ${newId()}::text, ${job.author.id}::text, ${job.input.clientId}::text, ${job.input.text}::text)`),
    sql`, `,
  );
  return sql`with room_lock as materialized (select ${streamRoomLock(room.id)} as held),
    sent (ord, id, sender_id, client_id, text) as (values ${values}),
    stored as (
      insert into messages (id, conversation_id, sender_id, client_id, type, text)
      select sent.id, ${room.id}, sent.sender_id, sent.client_id, 'text', sent.text
      from sent cross join room_lock
      where sent.sender_id = ${room.performerId}
        or not exists (select 1 from user_blocks b where b.performer_id = ${room.performerId} and b.user_id = sent.sender_id)
      order by sent.ord
      on conflict (sender_id, client_id) do nothing
      returning *
    )
    select stored.*, u.name as sender_name, u.username as sender_username, u.avatar_path as sender_avatar_path
    from stored join users u on u.id = stored.sender_id
    order by stored.seq`;
}

export function createStreamChat(ctx: AppContext): StreamChat {
  const rooms = new Map<string, StreamRoom>();
  const queues = new Map<string, Job[]>();

  /** The general path, for one message: answers it and sends it when it was stored now. */
  async function writeAlone(room: StreamRoom, job: Job): Promise<void> {
    try {
      const stored = await storeMessage(ctx, room.id, job.author, job.input, 'message-uploads', room);
      job.resolve(await deliverMessage(ctx, stored, () => null));
    } catch (error) {
      // The room may be gone (its creator deleted): ask the database again next time.
      rooms.delete(room.id);
      job.reject(error);
    }
  }

  async function writeBatch(room: StreamRoom, jobs: Job[]): Promise<void> {
    let raws: Raw[];
    try {
      raws = rowsOf(await ctx.db.execute(insertBatch(room, jobs)));
    } catch {
      // One bad message must not fail the others: each takes the general path, which answers why.
      for (const job of jobs) await writeAlone(room, job);
      return;
    }
    const event = roomEvents.messageCreated(room.id);
    const byKey = new Map<string, MessageDto>();
    for (const raw of raws) {
      const row = messageRowOf(raw);
      const sender: PartyRow = { id: row.senderId, name: String(raw.sender_name ?? ''), username: String(raw.sender_username ?? ''), avatarPath: (raw.sender_avatar_path as string | null) ?? null };
      const parts: MessageParts = { files: new Map(), senders: new Map([[sender.id, sender]]) };
      // Free and without files, a message looks the same to everyone: the room's view is the sender's answer.
      const message = presentMessage(ctx, row, parts, { viewerId: null, bought: NOTHING_BOUGHT, links: true });
      ctx.realtime.emitToRoom(conversationRoom(room.id), event, message);
      byKey.set(`${row.senderId}\u0000${row.clientId}`, message);
    }
    for (const job of jobs) {
      const key = `${job.author.id}\u0000${job.input.clientId}`;
      const message = byKey.get(key);
      byKey.delete(key);
      // Not stored now: a resend, a clientId in use, or a blocked writer; the general path answers it.
      if (message) job.resolve(message);
      else await writeAlone(room, job);
    }
  }

  async function drain(room: StreamRoom, queue: Job[]): Promise<void> {
    while (queue.length > 0) {
      const fast = queue.findIndex((job) => !job.fast);
      const run = fast === -1 ? queue.length : fast;
      const jobs = run === 0 ? [queue.shift()!] : queue.splice(0, Math.min(run, BATCH_MAX));
      // Each path answers its own failures; whatever escapes them fails its jobs, never the queue.
      await (run === 0 ? writeAlone(room, jobs[0]!) : writeBatch(room, jobs)).catch((error: unknown) => jobs.forEach((job) => job.reject(error)));
    }
    queues.delete(room.id);
  }

  return {
    async room(id) {
      const known = rooms.get(id);
      if (known) return known;
      const row = await findStreamConversation(ctx.db, id);
      const room: StreamRoom = { id: row.id, type: row.type, performerId: row.performerId };
      if (rooms.size >= ROOMS_REMEMBERED) rooms.delete(rooms.keys().next().value!);
      rooms.set(id, room);
      return room;
    },
    send(room, author, input) {
      checkContent(author, input);
      return new Promise<MessageDto>((resolve, reject) => {
        const job: Job = { author, input, fast: input.fileIds.length === 0 && input.priceCents === 0, resolve, reject };
        const queue = queues.get(room.id);
        if (queue) return void queue.push(job);
        const fresh = [job];
        queues.set(room.id, fresh);
        void drain(room, fresh);
      });
    },
  };
}
