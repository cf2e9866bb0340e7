import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { paths } from '@fandeck/contract';
import type { AppContext } from '../../context.js';
import { audienceOf } from '../../content/blocks.js';
import { envelopeSchema, list, listSchema, ok, okFor } from '../../http/envelope.js';
import type { AuthUser } from '../../http/guard.js';
import { pageSizeSchema } from '../../http/pagination.js';
import { feedListQuerySchema, feedSchema, findFeed, presentFeeds, searchFeeds } from '../feeds/index.js';
import { defineDomain, type DomainDeps } from '../plugin.js';
import type { ApiScope } from '../types.js';
import { KEYWORD_MAX, keywordSchema, KEYWORDS_LIMIT_MAX, saveKeyword, topKeywords, trendingFeeds, trendingQuerySchema } from './search.service.js';

/** The feeds list query without `following`: search covers every creator. */
const postSearchQuery = feedListQuerySchema.omit({ following: true });
const keywordBody = z.object({ keyword: z.string().trim().min(1, 'must not be empty').max(KEYWORD_MAX) });
const keywordsQuery = z.object({ limit: pageSizeSchema(KEYWORDS_LIMIT_MAX).default(10) });
const viewerOf = (request: FastifyRequest): AuthUser | null => request.auth?.user ?? null;

async function searchRoutes(api: ApiScope, ctx: AppContext, _deps: DomainDeps) {
  api.get(
    paths['posts.trending'],
    {
      schema: {
        tags: ['search'],
        summary: 'Posts of the last seven days, most liked and commented first, then newest',
        querystring: trendingQuerySchema,
        response: { 200: listSchema(feedSchema) },
      },
    },
    async (request) => {
      const page = await trendingFeeds(ctx, audienceOf(request), request.query);
      return list(await presentFeeds(ctx, viewerOf(request), page.items), page.total);
    },
  );

  api.get(
    paths['posts.search'],
    {
      schema: {
        tags: ['search'],
        summary: 'Published posts whose text contains `q` (literally: `%` and `_` match themselves), optionally of one creator and one type',
        querystring: postSearchQuery,
        response: { 200: listSchema(feedSchema) },
      },
    },
    async (request) => {
      const page = await searchFeeds(ctx, { fans: true, ...audienceOf(request) }, request.query);
      return list(await presentFeeds(ctx, viewerOf(request), page.items), page.total);
    },
  );

  api.get(
    paths['posts.get'],
    {
      schema: { tags: ['search'], summary: 'One published post (as GET /user/feeds/{id})', params: z.object({ id: z.string().min(1).max(64) }), response: { 200: envelopeSchema(feedSchema) } },
    },
    async (request) => {
      const { viewer, country } = audienceOf(request);
      const row = await findFeed(ctx, request.params.id, viewerOf(request), country);
      return ok((await presentFeeds(ctx, viewer, [row]))[0]!);
    },
  );

  api.post(
    paths['search.saveKeyword'],
    {
      schema: { tags: ['search'], summary: 'Count one search of a keyword (case does not matter)', body: keywordBody, response: { 200: envelopeSchema(keywordSchema) } },
    },
    async (request) => okFor('search.saveKeyword', await saveKeyword(ctx, request.body.keyword)),
  );

  api.get(
    paths['search.keywords'],
    {
      schema: { tags: ['search'], summary: `The most searched keywords, most first (limit up to ${KEYWORDS_LIMIT_MAX}, default 10)`, querystring: keywordsQuery, response: { 200: listSchema(keywordSchema) } },
    },
    async (request) => {
      const page = await topKeywords(ctx, request.query.limit);
      return list(page.items, page.total);
    },
  );
}

export default defineDomain({ name: 'search', dependsOn: ['accounts', 'auth', 'feeds'], register: searchRoutes });
