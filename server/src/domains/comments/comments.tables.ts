import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../db/schema/columns.js';
import { users } from '../accounts/accounts.tables.js';

export const COMMENT_OBJECT_TYPES = ['feed'] as const;
export type CommentObjectType = (typeof COMMENT_OBJECT_TYPES)[number];

/** A comment on an item (a post today); a reply names its parent, one level deep. */
export const comments = pgTable(
  'comments',
  {
    id: idColumn(),
    objectType: text('object_type').$type<CommentObjectType>().notNull(),
    objectId: text('object_id').notNull(),
    parentId: text('parent_id'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    pinned: boolean('pinned').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('comments_object_idx').on(t.objectType, t.objectId, t.createdAt), index('comments_parent_idx').on(t.parentId)],
);
