import { z } from 'zod';
import { paths } from '@fandeck/contract';
import type { AppContext } from '../../context.js';
import { envelopeSchema, list, listSchema, okFor } from '../../http/envelope.js';
import { currentUser } from '../../http/guard.js';
import { pageScopeOf } from '../../http/page-scope.js';
import { listQuerySchema } from '../../http/pagination.js';
import { defineDomain, type DomainDeps } from '../plugin.js';
import type { ApiScope } from '../types.js';
import { follow, listFollows, unfollow } from './follows.service.js';

const params = z.object({ id: z.string().min(1).max(64) });
const answer = { 200: envelopeSchema(z.object({ creatorId: z.string(), following: z.boolean() })) };
const personSchema = z.object({ _id: z.string(), username: z.string().nullable(), name: z.string().nullable(), avatar: z.string(), followedAt: z.string() });

async function followsRoutes(api: ApiScope, ctx: AppContext, deps: DomainDeps) {
  const notifications = deps.get('notifications');
  api.post(
    paths['follows.follow'],
    { schema: { tags: ['follows'], summary: 'Follow a creator (id or username); following again changes nothing', params, response: answer } },
    async (request) => okFor('follows.follow', await follow(ctx, currentUser(request), request.params.id, notifications)),
  );
  api.delete(
    paths['follows.unfollow'],
    { schema: { tags: ['follows'], summary: 'Stop following a creator', params, response: answer } },
    async (request) => okFor('follows.unfollow', await unfollow(ctx, currentUser(request).id, request.params.id)),
  );
  api.get(
    paths['follows.followers'],
    { schema: { tags: ['follows'], summary: 'The signed-in creator’s followers, newest first', querystring: listQuerySchema, response: { 200: listSchema(personSchema) } } },
    async (request) => {
      const page = await listFollows(ctx, { followersOf: currentUser(request).id }, request.query);
      return list(page.items, page.total);
    },
  );
  api.get(
    paths['follows.following'],
    { schema: { tags: ['follows'], summary: 'The creators the signed-in user follows, newest first (from a partner page, only those who list its origin)', querystring: listQuerySchema, response: { 200: listSchema(personSchema) } } },
    async (request) => {
      const page = await listFollows(ctx, { followedBy: currentUser(request).id, scope: pageScopeOf(request) }, request.query);
      return list(page.items, page.total);
    },
  );
}

export default defineDomain({ name: 'follows', dependsOn: ['accounts', 'auth', 'notifications'], register: followsRoutes });
