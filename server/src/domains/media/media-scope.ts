/**
 * The bridge's `media` command under a page scope (`server/src/http/page-scope.ts`). A media
 * link is signed for the fan, and the fan may see files of every creator they deal with (a
 * message with creator Y, a post of Y they bought or subscribe to); a page of creator X must
 * not load those. So the bridge sends the page's origin (`PAGE_ORIGIN_HEADER`) with every
 * media fetch, and the file route then serves only:
 * - a message's file, in a conversation the page may see (a private one with one of its
 *   creators, or a public stream chat), as the page-scoped message routes decide;
 * - any other file, when one of its creators uploaded it (their posts, galleries, videos) or
 *   the fan did (an upload not sent yet).
 * Anything else is 403 `embeds.origin_not_owned`. Without the header, or with the platform's
 * own origin, nothing changes.
 */
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { files } from '../../media/files.tables.js';
import { conversations, messageFiles, messages } from '../messaging/messaging.tables.js';
import { forbidden } from '../../http/errors.js';
import { scopeOfRequest, type PageScope } from '../../http/page-scope.js';

export const FILE_NOT_THIS_PAGES = 'This page may only load media of the creators whose site it is';

/** Whether a page of `scope` may be handed the file, for `viewerId`. */
export async function fileInScope(db: DbOrTx, scope: PageScope, fileId: string, viewerId: string | null): Promise<boolean> {
  const [attached] = await db
    .select({ type: conversations.type, performerId: conversations.performerId })
    .from(messageFiles)
    .innerJoin(messages, eq(messages.id, messageFiles.messageId))
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(eq(messageFiles.fileId, fileId))
    .limit(1);
  if (attached) return attached.type === 'stream' || (attached.type === 'private' && attached.performerId !== null && scope.has(attached.performerId));
  const [file] = await db.select({ ownerId: files.ownerId }).from(files).where(eq(files.id, fileId)).limit(1);
  return !!file?.ownerId && (scope.has(file.ownerId) || file.ownerId === viewerId);
}

/** 403 `embeds.origin_not_owned` when a page's media fetch names a file outside its scope. */
export async function requireFileInPageScope(ctx: AppContext, request: FastifyRequest, fileId: string, viewerId: string | null): Promise<void> {
  const scope = await scopeOfRequest(ctx, request);
  if (scope && !(await fileInScope(ctx.db, scope, fileId, viewerId))) throw forbidden('embeds.origin_not_owned', FILE_NOT_THIS_PAGES);
}
