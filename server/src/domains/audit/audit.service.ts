import type { AuditEntryDto } from '@fandeck/contract';
import { and, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { users } from '../accounts/accounts.tables.js';
import { listQuerySchema, toPage } from '../../http/pagination.js';
import { auditLog } from './audit.tables.js';
import { summarizeBody, targetsOf } from './audit.summary.js';

/** One successful staff change, as the app's hook hands it over. */
export interface StaffAction {
  actor: { id: string; role: string };
  action: string;
  method: string;
  permission: string;
  params: unknown;
  body: unknown;
  status: number;
}

/** Writes the action to the log, its body summarized (secrets replaced). */
export async function recordStaffAction(ctx: AppContext, action: StaffAction): Promise<void> {
  await ctx.db.insert(auditLog).values({
    actorId: action.actor.id,
    actorRole: action.actor.role,
    action: action.action,
    method: action.method,
    permission: action.permission,
    targets: targetsOf(action.params),
    summary: summarizeBody(action.body),
    status: action.status,
  });
}

const id = z.string().min(1).max(64);
export const auditQuerySchema = listQuerySchema.extend({
  actorId: id.optional(),
  /** A route name (`admin.payouts.status`). */
  action: z.string().trim().min(1).max(100).optional(),
  permission: z.string().trim().min(1).max(100).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});

export const auditEntrySchema = z.object({
  _id: z.string(),
  actor: z.object({ _id: z.string(), name: z.string().nullable(), username: z.string().nullable(), role: z.string() }).nullable(),
  action: z.string(),
  method: z.string(),
  permission: z.string(),
  targets: z.record(z.string(), z.string()),
  summary: z.record(z.string(), z.unknown()),
  status: z.number().int(),
  createdAt: z.string(),
});

/** The log, newest first, filtered by who, what, which permission and when. */
export async function searchAudit(ctx: AppContext, query: z.output<typeof auditQuerySchema>): Promise<{ items: AuditEntryDto[]; total: number }> {
  const page = toPage(query, { limit: 20 });
  const filters: SQL[] = [];
  if (query.actorId) filters.push(eq(auditLog.actorId, query.actorId));
  if (query.action) filters.push(eq(auditLog.action, query.action));
  if (query.permission) filters.push(eq(auditLog.permission, query.permission));
  if (query.from) filters.push(gte(auditLog.createdAt, new Date(query.from)));
  if (query.to) filters.push(lte(auditLog.createdAt, new Date(query.to)));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ entry: auditLog, actor: { id: users.id, name: users.name, username: users.username } })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db.select({ total: count() }).from(auditLog).where(where),
  ]);
  const items = rows.map(({ entry, actor }) => ({
    _id: entry.id,
    actor: actor ? { _id: actor.id, name: actor.name, username: actor.username, role: entry.actorRole } : null,
    action: entry.action,
    method: entry.method,
    permission: entry.permission,
    targets: entry.targets,
    summary: entry.summary,
    status: entry.status,
    createdAt: entry.createdAt.toISOString(),
  }));
  return { items, total: total?.total ?? 0 };
}
