import { eq, lt } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.js';
import { usedQuotes } from './money.tables.js';
import { conflict } from '../http/errors.js';
import type { QuoteClaims } from './quote-token.js';

export const QUOTE_USED = 'This quote was already used for another payment; nothing was charged. Ask for a new quote';

/**
 * Spends a quote for the request with this Idempotency-Key (issue 21: one quote was
 * charged twice under two keys). The first key to spend it keeps it: the same key may
 * come back with it (a retry whose first try was released), any other key gets a 409
 * `payment.quote_used`. Run in the action's transaction, the spend commits or rolls back
 * with the charge; a parallel spend waits on the unique quote id and then sees it taken.
 */
export async function spendQuote(db: DbOrTx, quote: QuoteClaims, idempotencyKey: string): Promise<void> {
  const [spent] = await db
    .insert(usedQuotes)
    .values({ quoteId: quote.id, userId: quote.userId, idempotencyKey, expiresAt: new Date(quote.expiresAt) })
    .onConflictDoNothing({ target: usedQuotes.quoteId })
    .returning({ quoteId: usedQuotes.quoteId });
  if (spent) return;
  const [holder] = await db.select({ idempotencyKey: usedQuotes.idempotencyKey }).from(usedQuotes).where(eq(usedQuotes.quoteId, quote.id));
  if (holder?.idempotencyKey !== idempotencyKey) throw conflict('payment.quote_used', QUOTE_USED);
}

/** Forgets spent quotes that expired before `before`: an expired quote is refused anyway. */
export async function pruneUsedQuotes(db: Db, before: Date): Promise<number> {
  const gone = await db.delete(usedQuotes).where(lt(usedQuotes.expiresAt, before)).returning({ quoteId: usedQuotes.quoteId });
  return gone.length;
}
