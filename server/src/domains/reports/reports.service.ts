import { LIMITS } from '@fandeck/contract';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { users } from '../accounts/accounts.tables.js';
import { comments } from '../comments/comments.tables.js';
import { feeds } from '../feeds/feeds.tables.js';
import { REPORT_TARGETS, reports, type ReportTarget } from './reports.tables.js';
import { isId } from '../../db/schema/ids.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import type { AuthUser } from '../../http/guard.js';

export const REPORT_TITLE_MAX = LIMITS.report.titleMax;
export const REPORT_DESCRIPTION_MAX = LIMITS.report.descriptionMax;

export const reportBody = z.object({
  target: z.enum(REPORT_TARGETS),
  /** The reported item's id (the creator's user id for `performer`). */
  targetId: z.string().min(1).max(64),
  title: z.string().trim().min(1, 'must not be empty').max(REPORT_TITLE_MAX),
  description: z.string().trim().max(REPORT_DESCRIPTION_MAX).default(''),
});
export type ReportInput = z.output<typeof reportBody>;

export const reportSchema = z.object({
  _id: z.string(),
  target: z.enum(REPORT_TARGETS),
  targetId: z.string(),
  performerId: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  status: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReportDto = z.infer<typeof reportSchema>;

const NO_TARGET = 'Nothing to report with this id';

/**
 * The creator a reported item belongs to (null when there is none to name), or a 404
 * `reports.target_not_found`. Kinds whose tables live elsewhere (galleries, videos,
 * messages) are taken on trust, but their id must have the shape of one.
 */
async function targetOwner(ctx: AppContext, target: ReportTarget, targetId: string): Promise<string | null> {
  const missing = () => notFound('reports.target_not_found', NO_TARGET);
  switch (target) {
    case 'feed': {
      const [row] = await ctx.db.select({ ownerId: feeds.performerId }).from(feeds).where(eq(feeds.id, targetId));
      if (!row) throw missing();
      return row.ownerId;
    }
    case 'performer': {
      const [row] = await ctx.db.select({ id: users.id }).from(users).where(and(eq(users.id, targetId), eq(users.role, 'performer')));
      if (!row) throw missing();
      return row.id;
    }
    case 'comment': {
      const [row] = await ctx.db.select({ ownerId: feeds.performerId }).from(comments).leftJoin(feeds, eq(feeds.id, comments.objectId)).where(eq(comments.id, targetId));
      if (!row) throw missing();
      return row.ownerId;
    }
    case 'gallery':
    case 'video':
    case 'message':
      if (!isId(targetId)) throw badRequest('request.invalid', 'body.targetId: not an id', ['body.targetId']);
      return null;
  }
}

/** Files a report, pending review; a second report of the same target by the same user is a 409. */
export async function createReport(ctx: AppContext, reporter: AuthUser, input: ReportInput): Promise<ReportDto> {
  const performerId = await targetOwner(ctx, input.target, input.targetId);
  const [row] = await ctx.db
    .insert(reports)
    .values({ userId: reporter.id, target: input.target, targetId: input.targetId, performerId, title: input.title, description: input.description, status: 'pending' })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict('reports.duplicate', 'You have already reported this');
  return {
    _id: row.id,
    target: row.target,
    targetId: row.targetId,
    performerId: row.performerId,
    title: row.title,
    description: row.description,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
