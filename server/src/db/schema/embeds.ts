import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from './columns.js';
import { users } from './users.js';

/**
 * Origins a creator allows to embed their widgets. The bridge page is served with
 * `frame-ancestors` built from this list, so the browser refuses any other embedder.
 * `origin` is stored normalised (`scheme://host[:port]`, lower case, default port dropped).
 */
export const embedOrigins = pgTable(
  'embed_origins',
  {
    id: idColumn(),
    performerId: text('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    origin: text('origin').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('embed_origins_performer_origin_unique').on(t.performerId, t.origin)],
);
