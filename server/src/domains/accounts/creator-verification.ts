/**
 * A registered creator stays `pending` until staff approve their ID documents
 * (`performers.verified_document`). Until then they cannot list embed origins, sell or be
 * paid: every such path asks here.
 */
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { performers } from '../performers/performers.tables.js';
import { forbidden } from '../../http/errors.js';

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
