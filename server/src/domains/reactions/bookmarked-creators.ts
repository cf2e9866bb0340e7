/** The creators a fan bookmarked (`GET /reactions/performers/bookmark`), newest bookmark first. */
import { visibleTo } from '../../content/blocks.js';
import { and, count, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { users } from '../accounts/accounts.tables.js';
import { performers } from '../performers/performers.tables.js';
import { reactions } from './reactions.tables.js';
import type { AuthUser } from '../../http/guard.js';
import { creatorInScopeCondition, type PageScope } from '../../http/page-scope.js';
import type { Page } from '../../http/pagination.js';
import { findProfileRow, presentProfiles } from '../performers/index.js';

/** A creator may be bookmarked while listed (active); an unknown one is a 404. */
export async function checkBookmarkableCreator(ctx: AppContext, creatorId: string): Promise<void> {
  await findProfileRow(ctx, creatorId, { listedOnly: true });
}

/** On a partner's page (`scope`), only the bookmarks of the creators who own it. */
export async function bookmarkedCreators(ctx: AppContext, user: AuthUser, page: Page, scope: PageScope | null = null) {
  // A creator who blocked the fan, or is no longer active, is gone from the list.
  const where = and(
    creatorInScopeCondition(scope, users.id),
    eq(reactions.userId, user.id),
    eq(reactions.objectType, 'performer'),
    eq(reactions.action, 'bookmark'),
    eq(users.role, 'performer'),
    eq(users.status, 'active'),
    visibleTo(ctx.db, user, users.id),
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ user: users, profile: performers })
      .from(reactions)
      .innerJoin(users, eq(users.id, reactions.objectId))
      .innerJoin(performers, eq(performers.userId, users.id))
      .where(where)
      .orderBy(desc(reactions.createdAt), desc(users.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db.select({ total: count() }).from(reactions).innerJoin(users, eq(users.id, reactions.objectId)).innerJoin(performers, eq(performers.userId, users.id)).where(where),
  ]);
  return { items: await presentProfiles(ctx, rows, user.id), total: total?.total ?? 0 };
}
