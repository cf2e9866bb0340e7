import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/schema/columns.js';
import { users } from '../accounts/accounts.tables.js';

export const REACTION_ACTIONS = ['like', 'bookmark'] as const;
export type ReactionAction = (typeof REACTION_ACTIONS)[number];
/** What may be liked or bookmarked: a post, or a creator (bookmarked creators). */
export const REACTION_OBJECT_TYPES = ['feed', 'performer'] as const;
export type ReactionObjectType = (typeof REACTION_OBJECT_TYPES)[number];

/** A user's like or bookmark of an item (a post or a creator); once per user, item and action. */
export const reactions = pgTable(
  'reactions',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    objectType: text('object_type').$type<ReactionObjectType>().notNull(),
    objectId: text('object_id').notNull(),
    action: text('action').$type<ReactionAction>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.objectType, t.objectId, t.action] }), index('reactions_object_idx').on(t.objectType, t.objectId, t.action)],
);
