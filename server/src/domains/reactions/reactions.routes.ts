import { visibleTo } from '../../content/blocks.js';
import type { FastifyRequest } from 'fastify';
import { and, count, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { paths } from '@fandeck/contract';
import type { AppContext } from '../../context.js';
import { users } from '../accounts/accounts.tables.js';
import { feeds } from '../feeds/feeds.tables.js';
import { REACTION_ACTIONS, REACTION_OBJECT_TYPES, reactions } from './reactions.tables.js';
import { envelopeSchema, list, listSchema, okFor } from '../../http/envelope.js';
import { currentUser, type AuthUser } from '../../http/guard.js';
import { creatorInScopeCondition, pageScopeOf } from '../../http/page-scope.js';
import { listQuerySchema, toPage } from '../../http/pagination.js';
import { performerSchema } from '../performers/index.js';
import { bookmarkedCreators, checkBookmarkableCreator } from './bookmarked-creators.js';
import { feedSchema, type FeedWithCreator, findFeed, presentFeeds, publishedToFans } from '../feeds/index.js';
import { defineDomain } from '../plugin.js';
import type { ApiScope } from '../types.js';

const reactionBody = z.object({
  objectType: z.enum(REACTION_OBJECT_TYPES).default('feed'),
  objectId: z.string().min(1).max(64),
  action: z.enum(REACTION_ACTIONS),
});
type ReactionInput = z.output<typeof reactionBody>;
const answer = { 200: envelopeSchema(z.object({ success: z.literal(true), action: z.enum(REACTION_ACTIONS), active: z.boolean() })) };

/** The item must be one the user may see (a draft or an unknown post is a 404). */
async function checkVisible(ctx: AppContext, user: AuthUser, input: ReactionInput): Promise<void> {
  if (input.objectType === 'feed') await findFeed(ctx, input.objectId, user);
  else await checkBookmarkableCreator(ctx, input.objectId);
}

async function reactionsRoutes(api: ApiScope, ctx: AppContext) {
  api.post(
    paths['reactions.add'],
    { schema: { tags: ['reactions'], summary: 'Like or bookmark an item; doing it again changes nothing', body: reactionBody, response: answer } },
    async (request) => {
      const user = currentUser(request);
      await checkVisible(ctx, user, request.body);
      await ctx.db.insert(reactions).values({ userId: user.id, ...request.body }).onConflictDoNothing();
      return okFor('reactions.add', { success: true as const, action: request.body.action, active: true });
    },
  );
  api.delete(
    paths['reactions.remove'],
    { schema: { tags: ['reactions'], summary: 'Take back a like or a bookmark', body: reactionBody, response: answer } },
    async (request) => {
      const { objectType, objectId, action } = request.body;
      await ctx.db
        .delete(reactions)
        .where(and(eq(reactions.userId, currentUser(request).id), eq(reactions.objectType, objectType), eq(reactions.objectId, objectId), eq(reactions.action, action)));
      return okFor('reactions.remove', { success: true as const, action, active: false });
    },
  );
  api.get(
    paths['reactions.bookmarks'],
    {
      schema: {
        tags: ['reactions'],
        summary: 'The signed-in user’s bookmarked posts (`feeds`: those still published) or creators (`performers`), newest bookmark first',
        description: 'From a partner page (through the bridge) only the posts and creators of the creators who list the page’s origin.',
        params: z.object({ kind: z.enum(['feeds', 'performers']) }),
        querystring: listQuerySchema,
        response: { 200: listSchema(z.union([feedSchema, performerSchema])) },
      },
    },
    async (request: FastifyRequest<{ Params: { kind: 'feeds' | 'performers' }; Querystring: z.output<typeof listQuerySchema> }>) => {
      const user = currentUser(request);
      const page = toPage(request.query);
      const scope = pageScopeOf(request);
      if (request.params.kind === 'performers') {
        const { items, total } = await bookmarkedCreators(ctx, user, page, scope);
        return list(items, total);
      }
      // A creator who blocked the fan is gone from their bookmarks too (until unblocked).
      const where = and(
        eq(reactions.userId, user.id),
        eq(reactions.objectType, 'feed'),
        eq(reactions.action, 'bookmark'),
        publishedToFans(),
        visibleTo(ctx.db, user, feeds.performerId),
        creatorInScopeCondition(scope, feeds.performerId),
      );
      const [rows, [total]] = await Promise.all([
        ctx.db
          .select({ feed: feeds, creator: { id: users.id, username: users.username, name: users.name, avatarPath: users.avatarPath } })
          .from(reactions)
          .innerJoin(feeds, eq(feeds.id, reactions.objectId))
          .innerJoin(users, eq(users.id, feeds.performerId))
          .where(where)
          .orderBy(desc(reactions.createdAt), desc(feeds.id))
          .limit(page.limit)
          .offset(page.offset),
        ctx.db.select({ total: count() }).from(reactions).innerJoin(feeds, eq(feeds.id, reactions.objectId)).innerJoin(users, eq(users.id, feeds.performerId)).where(where),
      ]);
      return list(await presentFeeds(ctx, user, rows as FeedWithCreator[]), total?.total ?? 0);
    },
  );
}

export default defineDomain({ name: 'reactions', dependsOn: ['accounts', 'auth'], register: reactionsRoutes });
