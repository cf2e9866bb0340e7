/**
 * Messages and conversations as one viewer may see them. A message's media are shown only
 * through short-lived links signed for that viewer (media/signed-links.ts); a paid message
 * stays locked to its recipient (no link, the blurred placeholder only) until a successful
 * `message` wallet charge of theirs exists. Its sender never sees it locked.
 */
import type { ConversationDto, MessageDto, MessageFileDto, PartyInfo } from '@fandeck/contract';
import { DELETED_MESSAGE_TEXT } from '@fandeck/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { files } from '../../media/files.tables.js';
import { users } from '../accounts/accounts.tables.js';
import { walletCharges } from '../wallet/wallet.tables.js';
import { conversations, messageFiles, messages } from './messaging.tables.js';
import { fromCents } from '../../money/amounts.js';
import { signMediaPath } from '../../media/signed-links.js';
import { AVATAR_PLACEHOLDER, fileUrl } from '../accounts/index.js';

export type MessageRow = typeof messages.$inferSelect;
export type ConversationRow = typeof conversations.$inferSelect;
export type FileRow = typeof files.$inferSelect;
export type PartyRow = Pick<typeof users.$inferSelect, 'id' | 'name' | 'username' | 'avatarPath'>;
export type MediaKind = MessageFileDto['type'];

export const partyColumns = { id: users.id, name: users.name, username: users.username, avatarPath: users.avatarPath };

export function presentParty(origin: string, party: PartyRow): PartyInfo {
  return { _id: party.id, name: party.name || party.username || '', username: party.username, avatar: fileUrl(origin, party.avatarPath, AVATAR_PLACEHOLDER) };
}

/** What kind of media a stored file is, by its stored type (images are re-encoded to WebP). */
export function mediaKindOf(file: Pick<FileRow, 'mimeType'>): MediaKind | null {
  if (file.mimeType.startsWith('image/')) return 'photo';
  if (file.mimeType.startsWith('video/')) return 'video';
  if (file.mimeType.startsWith('audio/')) return 'audio';
  return null;
}

/** The files and senders of some messages, read once for every viewer they are shown to. */
export interface MessageParts {
  files: Map<string, FileRow[]>;
  senders: Map<string, PartyRow>;
}

export async function loadParts(db: DbOrTx, rows: readonly MessageRow[]): Promise<MessageParts> {
  const withFiles = rows.filter((row) => row.deletedAt === null && row.type !== 'text').map((row) => row.id);
  const senderIds = [...new Set(rows.map((row) => row.senderId))];
  const [attached, senders] = await Promise.all([
    withFiles.length
      ? db
          .select({ messageId: messageFiles.messageId, file: files })
          .from(messageFiles)
          .innerJoin(files, eq(files.id, messageFiles.fileId))
          .where(inArray(messageFiles.messageId, withFiles))
          .orderBy(asc(messageFiles.messageId), asc(messageFiles.position))
      : Promise.resolve([]),
    senderIds.length ? db.select(partyColumns).from(users).where(inArray(users.id, senderIds)) : Promise.resolve([]),
  ]);
  const byMessage = new Map<string, FileRow[]>();
  for (const { messageId, file } of attached) byMessage.set(messageId, [...(byMessage.get(messageId) ?? []), file]);
  return { files: byMessage, senders: new Map(senders.map((s) => [s.id, s])) };
}

/** The paid messages among `rows` this viewer bought (a successful `message` charge), in one query. */
export async function boughtBy(db: DbOrTx, viewerId: string | null, rows: readonly MessageRow[]): Promise<Set<string>> {
  const paid = rows.filter((row) => row.priceCents > 0 && row.senderId !== viewerId && row.deletedAt === null).map((row) => row.id);
  if (!viewerId || paid.length === 0) return new Set();
  const found = await db
    .selectDistinct({ id: walletCharges.targetId })
    .from(walletCharges)
    .where(and(eq(walletCharges.userId, viewerId), eq(walletCharges.target, 'message'), eq(walletCharges.status, 'success'), inArray(walletCharges.targetId, paid)));
  return new Set(found.map((row) => row.id));
}

/**
 * Who a message is shown to. `links: false` shows no link at all (a private conversation's
 * room event, which may reach either participant): clients then fetch the message for links.
 */
export interface MessageView {
  viewerId: string | null;
  bought: ReadonlySet<string>;
  links: boolean;
}

const PICTURES = ['large', 'medium', 'small'];

function presentFile(ctx: AppContext, file: FileRow, kind: MediaKind, viewerId: string | null, open: boolean): MessageFileDto {
  const link = (name: string) => `${ctx.config.publicOrigin}${signMediaPath(ctx.config.mediaUrlSecret, file.id, name, viewerId)}`;
  const variants = new Set((file.variants ?? []).map((v) => v.name));
  const ready = kind === 'photo' || file.status === 'finished';
  const shown = open && ready;
  const largest = PICTURES.find((name) => variants.has(name));
  const url = !shown ? null : kind === 'photo' ? (largest ? link(largest) : null) : kind === 'video' ? link('master.m3u8') : link('audio');
  const small = kind !== 'audio' && shown && variants.has('small') ? link('small') : null;
  return {
    _id: file.id,
    type: kind,
    url,
    // Locked or not yet linked: the blurred placeholder, which carries nothing of the picture.
    thumbnailUrl: kind === 'audio' ? null : (small ?? file.placeholder),
    placeholder: file.placeholder,
    width: file.width,
    height: file.height,
    status: kind === 'photo' ? null : (file.status ?? 'processing'),
    durationSeconds: file.durationSeconds,
  };
}

/** Whether the viewer sees the message's media: free, their own, or bought. */
export const isOpenTo = (row: MessageRow, viewerId: string | null, bought: ReadonlySet<string>) =>
  row.priceCents === 0 || (viewerId !== null && row.senderId === viewerId) || bought.has(row.id);

export function presentMessage(ctx: AppContext, row: MessageRow, parts: MessageParts, view: MessageView): MessageDto {
  const deleted = row.deletedAt !== null;
  const paid = row.priceCents > 0 && !deleted;
  const own = view.viewerId !== null && row.senderId === view.viewerId;
  const open = isOpenTo(row, view.viewerId, view.bought);
  const attached = deleted ? [] : (parts.files.get(row.id) ?? []);
  const shown = attached.flatMap((file) => {
    const kind = mediaKindOf(file);
    return kind ? [presentFile(ctx, file, kind, view.viewerId, open && view.links)] : [];
  });
  const sender = parts.senders.get(row.senderId);
  return {
    _id: row.id,
    seq: row.seq,
    conversationId: row.conversationId,
    clientId: row.clientId,
    type: deleted ? 'text' : row.type,
    text: deleted ? DELETED_MESSAGE_TEXT : row.text,
    senderId: row.senderId,
    ...(sender ? { senderInfo: presentParty(ctx.config.publicOrigin, sender) } : {}),
    isDeleted: deleted,
    opened: row.openedAt !== null,
    imageUrl: shown.find((file) => file.type === 'photo')?.url ?? null,
    files: shown,
    price: fromCents(row.priceCents),
    isLocked: paid && !open,
    isBought: paid && !own && view.bought.has(row.id),
    massId: row.massId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Messages as this viewer sees them, links signed for them: files, senders and purchases in three queries. */
export async function presentMessages(ctx: AppContext, viewerId: string | null, rows: readonly MessageRow[]): Promise<MessageDto[]> {
  const [parts, bought] = await Promise.all([loadParts(ctx.db, rows), boughtBy(ctx.db, viewerId, rows)]);
  return rows.map((row) => presentMessage(ctx, row, parts, { viewerId, bought, links: true }));
}

export interface ConversationFacts {
  /** The viewer's unseen messages here. */
  unread: number;
  /** The other participant of a private conversation. */
  other: PartyRow | null;
  /** Either party blocked the other. */
  blocked: boolean;
  /** The conversation's fan holds an active subscription to its creator (messaging.queries.ts). */
  subscribed: boolean;
}

export function presentConversation(ctx: AppContext, row: ConversationRow, facts: ConversationFacts): ConversationDto {
  return {
    _id: row.id,
    type: row.type,
    performerId: row.performerId,
    lastMessage: row.lastMessage,
    lastMessageCreatedAt: row.lastMessageAt?.toISOString() ?? null,
    lastSenderId: row.lastSenderId,
    totalNotSeenMessages: Math.max(0, facts.unread),
    recipientInfo: facts.other ? presentParty(ctx.config.publicOrigin, facts.other) : null,
    isBlocked: facts.blocked,
    isSubscribed: facts.subscribed,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
