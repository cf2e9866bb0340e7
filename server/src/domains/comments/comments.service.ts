import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { assertNotBlocked } from '../../content/blocks.js';
import { users } from '../accounts/accounts.tables.js';
import { feeds } from '../feeds/feeds.tables.js';
import { comments, type CommentObjectType } from './comments.tables.js';
import { forbidden, notFound, unprocessable } from '../../http/errors.js';
import type { AuthUser } from '../../http/guard.js';
import { toPage, type ListQuery } from '../../http/pagination.js';
import { AVATAR_PLACEHOLDER, fileUrl } from '../accounts/index.js';
import { findFeed } from '../feeds/index.js';
import type { NotificationsExtension } from '../notifications/index.js';

export type CommentRow = typeof comments.$inferSelect;
const NO_SUCH_COMMENT = 'No such comment';

/**
 * The item a comment is on, as this viewer may see it, and who owns it (who may pin and
 * remove comments there). A post the viewer cannot see is a 404, as for the post itself.
 */
async function commentedItem(ctx: AppContext, objectType: CommentObjectType, objectId: string, viewer: AuthUser | null): Promise<{ ownerId: string }> {
  switch (objectType) {
    case 'feed': {
      const { feed } = await findFeed(ctx, objectId, viewer);
      return { ownerId: feed.performerId };
    }
  }
}

/** Who owns the item, whether or not this viewer may see it; null when there is no such item. */
async function ownerOf(ctx: AppContext, objectType: CommentObjectType, objectId: string): Promise<string | null> {
  switch (objectType) {
    case 'feed': {
      const [row] = await ctx.db.select({ ownerId: feeds.performerId }).from(feeds).where(eq(feeds.id, objectId));
      return row?.ownerId ?? null;
    }
  }
}

export async function addComment(
  ctx: AppContext,
  author: AuthUser,
  input: { objectType: CommentObjectType; objectId: string; content: string; parentId?: string | undefined },
  notifications?: NotificationsExtension,
) {
  // A fan the creator blocked is told so (403), rather than that the post does not exist.
  const ownerId = await ownerOf(ctx, input.objectType, input.objectId);
  if (ownerId) await assertNotBlocked(ctx.db, ownerId, author);
  await commentedItem(ctx, input.objectType, input.objectId, author);
  if (input.parentId) {
    const [parent] = await ctx.db.select().from(comments).where(eq(comments.id, input.parentId));
    // Replies are one level deep, on the same item.
    if (!parent || parent.objectId !== input.objectId || parent.objectType !== input.objectType || parent.parentId !== null) {
      throw unprocessable('comments.parent_invalid', 'body.parentId: not a top-level comment of this item');
    }
  }
  const [row] = await ctx.db
    .insert(comments)
    .values({ objectType: input.objectType, objectId: input.objectId, parentId: input.parentId ?? null, userId: author.id, content: input.content })
    .returning();
  // Stored (one statement, committed): the item's creator hears of it, unless they wrote it; not waited for.
  if (ownerId && ownerId !== author.id) {
    const data = { actorId: author.id, commentId: row!.id, objectType: row!.objectType, objectId: row!.objectId, parentId: row!.parentId, excerpt: Array.from(row!.content).slice(0, 140).join('') };
    void notifications?.notify({ userId: ownerId, type: 'comment.created', data });
  }
  return row!;
}

async function commentById(ctx: AppContext, id: string): Promise<CommentRow> {
  const [row] = await ctx.db.select().from(comments).where(eq(comments.id, id));
  if (!row) throw notFound('comments.not_found', NO_SUCH_COMMENT);
  return row;
}

/** Only the author edits a comment. */
export async function editComment(ctx: AppContext, editor: AuthUser, id: string, content: string) {
  const comment = await commentById(ctx, id);
  if (comment.userId !== editor.id) throw forbidden('auth.permission_denied', 'Only the author can edit a comment');
  const [row] = await ctx.db.update(comments).set({ content, updatedAt: new Date() }).where(eq(comments.id, id)).returning();
  return row!;
}

/** The author, the item's owner or an admin removes a comment; its replies go with it. */
export async function removeComment(ctx: AppContext, remover: AuthUser, id: string): Promise<void> {
  const comment = await commentById(ctx, id);
  if (comment.userId !== remover.id && remover.role !== 'admin') {
    const item = await commentedItem(ctx, comment.objectType, comment.objectId, remover);
    if (item.ownerId !== remover.id) throw forbidden('auth.permission_denied', 'Only the author or the creator can remove this comment');
  }
  await ctx.db.delete(comments).where(inArray(comments.id, [id, ...(await repliesOf(ctx, id))]));
}

async function repliesOf(ctx: AppContext, id: string): Promise<string[]> {
  return (await ctx.db.select({ id: comments.id }).from(comments).where(eq(comments.parentId, id))).map((r) => r.id);
}

/** The item's owner pins one top-level comment (pinning another unpins the first) or unpins it. */
export async function setPinned(ctx: AppContext, owner: AuthUser, id: string, pinned: boolean) {
  const comment = await commentById(ctx, id);
  const item = await commentedItem(ctx, comment.objectType, comment.objectId, owner);
  if (item.ownerId !== owner.id) throw forbidden('auth.permission_denied', 'Only the creator pins comments on their items');
  if (comment.parentId !== null) throw unprocessable('comments.parent_invalid', 'A reply cannot be pinned');
  return ctx.db.transaction(async (tx) => {
    if (pinned) await tx.update(comments).set({ pinned: false }).where(and(eq(comments.objectType, comment.objectType), eq(comments.objectId, comment.objectId), eq(comments.pinned, true)));
    const [row] = await tx.update(comments).set({ pinned, updatedAt: new Date() }).where(eq(comments.id, id)).returning();
    return row!;
  });
}

const authorColumns = { id: users.id, username: users.username, name: users.name, avatarPath: users.avatarPath };

/** An item's comments (or a comment's replies), pinned first then oldest first, with reply counts. */
export async function searchComments(
  ctx: AppContext,
  viewer: AuthUser | null,
  query: ListQuery & { objectType: CommentObjectType; objectId: string; parentId?: string | undefined },
) {
  await commentedItem(ctx, query.objectType, query.objectId, viewer);
  const page = toPage(query, { limit: 20 });
  const where = and(
    eq(comments.objectType, query.objectType),
    eq(comments.objectId, query.objectId),
    query.parentId ? eq(comments.parentId, query.parentId) : isNull(comments.parentId),
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ comment: comments, author: authorColumns })
      .from(comments)
      .innerJoin(users, eq(users.id, comments.userId))
      .where(where)
      .orderBy(desc(comments.pinned), page.sort === 'desc' && query.sort ? desc(comments.createdAt) : asc(comments.createdAt), asc(comments.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db.select({ total: count() }).from(comments).where(where),
  ]);
  const replies = await replyCounts(ctx, rows.map((r) => r.comment.id));
  return { items: rows.map((r) => presentComment(ctx, r.comment, r.author, replies.get(r.comment.id) ?? 0)), total: total?.total ?? 0 };
}

/** The pinned comment of an item, or null. */
export async function pinnedComment(ctx: AppContext, viewer: AuthUser | null, objectId: string) {
  await commentedItem(ctx, 'feed', objectId, viewer);
  const [row] = await ctx.db
    .select({ comment: comments, author: authorColumns })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(and(eq(comments.objectType, 'feed'), eq(comments.objectId, objectId), eq(comments.pinned, true)));
  if (!row) return null;
  return presentComment(ctx, row.comment, row.author, (await replyCounts(ctx, [row.comment.id])).get(row.comment.id) ?? 0);
}

async function replyCounts(ctx: AppContext, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await ctx.db.select({ parentId: comments.parentId, n: count() }).from(comments).where(inArray(comments.parentId, ids)).groupBy(comments.parentId);
  return new Map(rows.map((r) => [r.parentId!, r.n]));
}

export async function presentOne(ctx: AppContext, row: CommentRow) {
  const [author] = await ctx.db.select(authorColumns).from(users).where(eq(users.id, row.userId));
  return presentComment(ctx, row, author!, (await replyCounts(ctx, [row.id])).get(row.id) ?? 0);
}

function presentComment(ctx: AppContext, row: CommentRow, author: { id: string; username: string | null; name: string | null; avatarPath: string | null }, totalReply: number) {
  return {
    _id: row.id,
    objectId: row.objectId,
    objectType: row.objectType,
    parentId: row.parentId,
    content: row.content,
    isPinned: row.pinned,
    totalReply,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    creator: { _id: author.id, username: author.username, name: author.name, avatar: fileUrl(ctx.config.publicOrigin, author.avatarPath, AVATAR_PLACEHOLDER) },
  };
}
