/**
 * A registered creator stays `pending` until staff approve their ID documents
 * (`performers.verified_document`). Until then they cannot list embed origins, sell or be
 * paid: every such path asks here.
 */
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { performers } from '../performers/performers.tables.js';
import { forbidden, unprocessable } from '../../http/errors.js';

export const NOT_VERIFIED = 'This creator’s documents have not been approved yet';

export async function isVerifiedCreator(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: performers.userId })
    .from(performers)
    .where(and(eq(performers.userId, userId), eq(performers.verifiedDocument, true)))
    .limit(1);
  return row !== undefined;
}

/** 403 `performers.not_verified` unless the creator's documents were approved. */
export async function requireVerifiedCreator(db: DbOrTx, userId: string): Promise<void> {
  if (!(await isVerifiedCreator(db, userId))) throw forbidden('performers.not_verified', NOT_VERIFIED);
}

export const PENDING_APPROVAL = 'Your documents are being reviewed; you can post free content meanwhile';

/**
 * 422 `performers.pending_approval` unless the creator's documents were approved: her own
 * paid post, gallery or video before approval. A business refusal, not a 403: clients of
 * the spec sign out on any 403, and this one must keep her form and say why (issue 25).
 */
export async function requireApprovedToSell(db: DbOrTx, userId: string): Promise<void> {
  if (!(await isVerifiedCreator(db, userId))) throw unprocessable('performers.pending_approval', PENDING_APPROVAL);
}
