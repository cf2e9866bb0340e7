import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from '../../db/schema/columns.js';
import { users } from '../accounts/accounts.tables.js';

/**
 * Origins a creator allows to embed their widgets. The bridge page is served with
 * `frame-ancestors` built from this list, so the browser refuses any other embedder.
 * `origin` is stored normalised (`scheme://host[:port]`, lower case, default port dropped).
 * A row counts only once `verified_at` is set: the platform found the row's `token` on the
 * origin (`ORIGIN_PROOF_PATH` in the contract), so the creator controls that site.
 */
export const embedOrigins = pgTable(
  'embed_origins',
  {
    id: idColumn(),
    performerId: text('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    origin: text('origin').notNull(),
    /** What the creator serves on the origin to prove control; random, one per listing (a database default, so rows listed before proofs got one too). */
    token: text('token')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('embed_origins_performer_origin_unique').on(t.performerId, t.origin)],
);
