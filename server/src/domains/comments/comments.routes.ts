import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { LIMITS, paths } from '@fandeck/contract';
import type { AppContext } from '../../context.js';
import { COMMENT_OBJECT_TYPES } from './comments.tables.js';
import { envelopeSchema, list, listSchema, ok, okFor } from '../../http/envelope.js';
import { currentUser, type AuthUser } from '../../http/guard.js';
import { listQuerySchema } from '../../http/pagination.js';
import { defineDomain, type DomainDeps } from '../plugin.js';
import type { ApiScope } from '../types.js';
import { addComment, editComment, pinnedComment, presentOne, removeComment, searchComments, setPinned } from './comments.service.js';

export const COMMENT_MAX = LIMITS.comment.textMax;
const id = z.string().min(1).max(64);
const params = z.object({ id });
const content = z.string().trim().min(1, 'must not be empty').max(COMMENT_MAX);
const commentSchema = z.object({
  _id: z.string(),
  objectId: z.string(),
  objectType: z.string(),
  parentId: z.string().nullable(),
  content: z.string(),
  isPinned: z.boolean(),
  totalReply: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  creator: z.object({ _id: z.string(), username: z.string().nullable(), name: z.string().nullable(), avatar: z.string() }),
});
const one = { 200: envelopeSchema(commentSchema) };
const viewerOf = (request: FastifyRequest): AuthUser | null => request.auth?.user ?? null;

async function commentsRoutes(api: ApiScope, ctx: AppContext, deps: DomainDeps) {
  const notifications = deps.get('notifications');
  api.post(
    paths['comments.create'],
    {
      schema: {
        tags: ['comments'],
        summary: 'Comment on an item (a post), or reply to a top-level comment',
        body: z.object({ objectType: z.enum(COMMENT_OBJECT_TYPES).default('feed'), objectId: id, content, parentId: id.optional() }),
        response: one,
      },
    },
    async (request) => ok(await presentOne(ctx, await addComment(ctx, currentUser(request), request.body, notifications))),
  );
  api.get(
    paths['comments.search'],
    {
      schema: {
        tags: ['comments'],
        summary: 'An item’s comments (or a comment’s replies): pinned first, then oldest first',
        querystring: listQuerySchema.extend({ objectType: z.enum(COMMENT_OBJECT_TYPES).default('feed'), objectId: id, parentId: id.optional() }),
        response: { 200: listSchema(commentSchema) },
      },
    },
    async (request) => {
      const page = await searchComments(ctx, viewerOf(request), request.query);
      return list(page.items, page.total);
    },
  );
  api.put(
    paths['comments.update'],
    { schema: { tags: ['comments'], summary: 'Edit one’s own comment', params, body: z.object({ content }), response: one } },
    async (request) => ok(await presentOne(ctx, await editComment(ctx, currentUser(request), request.params.id, request.body.content))),
  );
  api.delete(
    paths['comments.delete'],
    { schema: { tags: ['comments'], summary: 'Remove a comment (its author, the item’s creator or an admin)', params, response: { 200: envelopeSchema(z.object({ success: z.literal(true) })) } } },
    async (request) => {
      await removeComment(ctx, currentUser(request), request.params.id);
      return okFor('comments.delete', { success: true as const });
    },
  );
  for (const [name, pinned] of [['comments.pin', true], ['comments.unpin', false]] as const) {
    api.put(
      paths[name],
      { schema: { tags: ['comments'], summary: pinned ? 'Pin a comment on one’s own item' : 'Unpin it', params, response: one } },
      async (request) => okFor(name, await presentOne(ctx, await setPinned(ctx, currentUser(request), request.params.id, pinned))),
    );
  }
  api.get(
    paths['comments.pinned'],
    { schema: { tags: ['comments'], summary: 'The pinned comment of a post, or null', params, response: { 200: envelopeSchema(commentSchema.nullable()) } } },
    async (request) => ok(await pinnedComment(ctx, viewerOf(request), request.params.id)),
  );
}

export default defineDomain({ name: 'comments', dependsOn: ['accounts', 'auth', 'notifications'], register: commentsRoutes });
