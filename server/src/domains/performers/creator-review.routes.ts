/**
 * Staff review of creators' ID documents (issue 8, item 4): the list of creators still
 * pending, their document files, and approve or reject. Approval is what lets a creator
 * list embed origins, sell and be paid (accounts/creator-verification.ts).
 */
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { paths } from '@fandeck/contract';
import type { AppContext } from '../../context.js';
import { files } from '../../media/files.tables.js';
import { users } from '../accounts/accounts.tables.js';
import { performers } from './performers.tables.js';
import { envelopeSchema, list, listSchema, listFor, okFor } from '../../http/envelope.js';
import { notFound } from '../../http/errors.js';
import type { ApiScope } from '../types.js';

const pendingSchema = z.object({
  _id: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  email: z.string(),
  createdAt: z.string(),
  documents: z.array(z.object({ side: z.enum(['front', 'back']), name: z.string(), mimeType: z.string(), url: z.string() })),
});
const reviewed = envelopeSchema(z.object({ _id: z.string(), verifiedDocument: z.boolean() }));

export function registerCreatorReview(api: ApiScope, ctx: AppContext): void {
  api.get(
    paths['admin.performers.pendingReview'],
    {
      schema: { tags: ['performers'], summary: 'Creators whose documents wait for review, oldest first', response: { 200: listSchema(pendingSchema) } },
    },
    async () => {
      const rows = await ctx.db
        .select({ user: users, profile: performers })
        .from(performers)
        .innerJoin(users, eq(users.id, performers.userId))
        .where(eq(performers.verifiedDocument, false))
        .orderBy(asc(users.createdAt), asc(users.id))
        .limit(200);
      const fileIds = rows.flatMap(({ profile }) => [profile.idFrontFileId, profile.idBackFileId]).filter((id): id is string => Boolean(id));
      const documents = fileIds.length ? await ctx.db.select().from(files).where(inArray(files.id, fileIds)) : [];
      const byId = new Map(documents.map((file) => [file.id, file]));
      const items = rows.map(({ user, profile }) => ({
        _id: user.id,
        name: user.name,
        username: user.username,
        email: user.email,
        createdAt: user.createdAt.toISOString(),
        documents: (
          [
            ['front', profile.idFrontFileId],
            ['back', profile.idBackFileId],
          ] as const
        ).flatMap(([side, id]) => {
          const file = id ? byId.get(id) : undefined;
          return file ? [{ side, name: file.originalName, mimeType: file.mimeType, url: `/api/admin/performers/${user.id}/documents/${side}` }] : [];
        }),
      }));
      return listFor('admin.performers.pendingReview', items, items.length);
    },
  );

  api.get(
    paths['admin.performers.document'],
    {
      schema: { tags: ['performers'], summary: 'A creator’s ID document file (staff only)', params: z.object({ id: z.string().min(1).max(64), side: z.enum(['front', 'back']) }) },
    },
    async (request, reply) => {
      const [profile] = await ctx.db.select().from(performers).where(eq(performers.userId, request.params.id)).limit(1);
      const fileId = request.params.side === 'front' ? profile?.idFrontFileId : profile?.idBackFileId;
      const [file] = fileId ? await ctx.db.select().from(files).where(eq(files.id, fileId)).limit(1) : [];
      if (!file) throw notFound('performers.not_found', 'No such document');
      const full = path.resolve(ctx.config.uploadsDir, file.storagePath);
      if (!full.startsWith(path.resolve(ctx.config.uploadsDir) + path.sep)) throw notFound('performers.not_found', 'No such document');
      return reply
        .header('content-type', file.mimeType)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .send(createReadStream(full));
    },
  );

  api.post(
    paths['admin.performers.review'],
    {
      schema: {
        tags: ['performers'],
        summary: 'Approve or reject a creator’s documents',
        description: 'approve: the creator may list embed origins, sell and be paid. reject: they stay (or go back to) pending.',
        params: z.object({ id: z.string().min(1).max(64) }),
        body: z.object({ decision: z.enum(['approve', 'reject']), reason: z.string().max(500).optional() }),
        response: { 200: reviewed },
      },
    },
    async (request) => {
      const approve = request.body.decision === 'approve';
      const [row] = await ctx.db
        .update(performers)
        .set({ verifiedDocument: approve, updatedAt: ctx.now() })
        .where(and(eq(performers.userId, request.params.id)))
        .returning({ userId: performers.userId, verifiedDocument: performers.verifiedDocument });
      if (!row) throw notFound('performers.not_found', 'No such creator');
      request.log.info({ creator: row.userId, decision: request.body.decision }, 'creator documents reviewed');
      return okFor('admin.performers.review', { _id: row.userId, verifiedDocument: row.verifiedDocument });
    },
  );
}
