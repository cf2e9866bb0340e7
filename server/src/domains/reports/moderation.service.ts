import { LIMITS, REPORT_ACTIONS, REPORT_QUEUE_STATUSES, type ReportAction, type StaffReportDto } from '@fandeck/contract';
import { count, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { users } from '../accounts/accounts.tables.js';
import { comments } from '../comments/comments.tables.js';
import { feeds } from '../feeds/feeds.tables.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import type { AuthUser } from '../../http/guard.js';
import { listQuerySchema, toPage } from '../../http/pagination.js';
import type { NotificationsExtension } from '../notifications/index.js';
import { reports } from './reports.tables.js';

export const reportQueueQuery = listQuerySchema.extend({ status: z.enum(REPORT_QUEUE_STATUSES).optional() });
export const reportActionBody = z.object({ action: z.enum(REPORT_ACTIONS), note: z.string().trim().max(LIMITS.report.staffNoteMax).optional() });

const party = z.object({ _id: z.string(), name: z.string().nullable(), username: z.string().nullable(), status: z.string() }).nullable();
export const staffReportSchema = z.object({
  _id: z.string(),
  target: z.string(),
  targetId: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.enum(REPORT_QUEUE_STATUSES),
  resolution: z.enum(REPORT_ACTIONS).nullable(),
  note: z.string().nullable(),
  reporter: party,
  author: party,
  item: z.object({ text: z.string().nullable(), hidden: z.boolean(), exists: z.boolean() }),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});

type ReportRow = typeof reports.$inferSelect;
interface Item {
  authorId: string | null;
  text: string | null;
  hidden: boolean;
  exists: boolean;
}

/** The reported item as staff see it, and who wrote it (a comment's writer, not the post's creator). */
async function itemOf(ctx: AppContext, report: ReportRow): Promise<Item> {
  if (report.target === 'feed') {
    const [row] = await ctx.db.select({ text: feeds.text, hiddenAt: feeds.hiddenAt, performerId: feeds.performerId }).from(feeds).where(eq(feeds.id, report.targetId));
    return row ? { authorId: row.performerId, text: row.text, hidden: row.hiddenAt !== null, exists: true } : { authorId: report.performerId, text: null, hidden: false, exists: false };
  }
  if (report.target === 'comment') {
    const [row] = await ctx.db.select({ text: comments.content, userId: comments.userId }).from(comments).where(eq(comments.id, report.targetId));
    return row ? { authorId: row.userId, text: row.text, hidden: false, exists: true } : { authorId: null, text: null, hidden: true, exists: false };
  }
  return { authorId: report.performerId, text: null, hidden: false, exists: true };
}

async function partiesOf(ctx: AppContext, ids: readonly (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map<string, z.infer<typeof party>>();
  const rows = await ctx.db.select({ _id: users.id, name: users.name, username: users.username, status: users.status }).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row._id, row]));
}

async function presentReports(ctx: AppContext, rows: readonly ReportRow[]): Promise<StaffReportDto[]> {
  const items = await Promise.all(rows.map((row) => itemOf(ctx, row)));
  const parties = await partiesOf(ctx, [...rows.map((row) => row.userId), ...items.map((item) => item.authorId)]);
  return rows.map((row, i) => {
    const item = items[i]!;
    return {
      _id: row.id,
      target: row.target,
      targetId: row.targetId,
      title: row.title,
      description: row.description,
      status: row.status,
      resolution: row.resolution ?? null,
      note: row.note,
      reporter: parties.get(row.userId) ?? null,
      author: (item.authorId && parties.get(item.authorId)) || null,
      item: { text: item.text, hidden: item.hidden, exists: item.exists },
      createdAt: row.createdAt.toISOString(),
      resolvedAt: row.resolvedAt?.toISOString() ?? null,
    };
  });
}

/** The queue: pending reports first by default, oldest waiting first; or those of one status, newest first. */
export async function searchReports(ctx: AppContext, query: z.output<typeof reportQueueQuery>) {
  const page = toPage(query, { limit: 20 });
  const status = query.status ?? 'pending';
  const where = eq(reports.status, status);
  const [rows, [total]] = await Promise.all([
    ctx.db.select().from(reports).where(where).orderBy(status === 'pending' ? reports.createdAt : desc(reports.updatedAt)).limit(page.limit).offset(page.offset),
    ctx.db.select({ total: count() }).from(reports).where(where),
  ]);
  return { items: await presentReports(ctx, rows), total: total?.total ?? 0 };
}

async function hide(ctx: AppContext, report: ReportRow): Promise<void> {
  if (report.target === 'feed') await ctx.db.update(feeds).set({ hiddenAt: ctx.now() }).where(eq(feeds.id, report.targetId));
  else if (report.target === 'comment') await ctx.db.delete(comments).where(eq(comments.id, report.targetId));
  else throw conflict('reports.cannot_hide', 'Only a post or a comment can be hidden');
}

async function suspend(ctx: AppContext, actor: AuthUser, authorId: string): Promise<void> {
  if (authorId === actor.id) throw forbidden('staff.self', 'You cannot suspend your own account');
  const [author] = await ctx.db.select({ role: users.role }).from(users).where(eq(users.id, authorId));
  if (author?.role === 'admin' || author?.role === 'manager') throw forbidden('staff.protected_account', 'Staff accounts are not suspended from a report');
  await ctx.db.update(users).set({ status: 'inactive', updatedAt: ctx.now() }).where(eq(users.id, authorId));
}

/**
 * Acts on a report: dismiss it (`rejected`), or resolve it by hiding the item from fans
 * (a post) or removing it (a comment), warning its author (a notification), or suspending
 * the author. A report already decided may be acted on again (a warning, then a suspension).
 */
export async function actOnReport(ctx: AppContext, notifications: NotificationsExtension, actor: AuthUser, id: string, body: z.output<typeof reportActionBody>): Promise<StaffReportDto> {
  const [report] = await ctx.db.select().from(reports).where(eq(reports.id, id));
  if (!report) throw notFound('reports.not_found', 'No report with this id');
  const { authorId } = await itemOf(ctx, report);
  const action: ReportAction = body.action;
  if ((action === 'warn' || action === 'suspend') && !authorId) throw conflict('reports.no_author', 'This report names no author');
  if (action === 'hide') await hide(ctx, report);
  if (action === 'suspend') await suspend(ctx, actor, authorId!);
  const [updated] = await ctx.db
    .update(reports)
    .set({ status: action === 'dismiss' ? 'rejected' : 'resolved', resolution: action, note: body.note ?? null, resolvedById: actor.id, resolvedAt: ctx.now(), updatedAt: ctx.now() })
    .where(eq(reports.id, id))
    .returning();
  if (action === 'warn') await notifications.notify({ userId: authorId!, type: 'moderation.warning', data: { reportId: id, note: body.note ?? '' } });
  const [presented] = await presentReports(ctx, [updated ?? report]);
  return presented!;
}
