import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from '../../db/schema/columns.js';
import { users } from '../accounts/accounts.tables.js';

/**
 * What staff did: one row per successful change (a non-GET call) to a route the contract
 * gates by a permission or by staff roles, written by the app's audit hook (http/audit-hook.ts).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: idColumn(),
    /** Kept when the account goes, so the log still says what happened. */
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorRole: text('actor_role').notNull(),
    /** The contract route's name (`admin.payouts.status`). */
    action: text('action').notNull(),
    method: text('method').notNull(),
    /** The permission key the route asks for, or `role:<roles>` for a route gated by roles. */
    permission: text('permission').notNull(),
    /** The path's parameters (`{ id }`). */
    targets: jsonb('targets').$type<Record<string, string>>().notNull().default({}),
    /** The body, shortened, with secrets replaced (audit.summary.ts). */
    summary: jsonb('summary').$type<Record<string, unknown>>().notNull().default({}),
    status: integer('status').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt), index('audit_log_actor_idx').on(t.actorId, t.createdAt), index('audit_log_action_idx').on(t.action, t.createdAt)],
);
