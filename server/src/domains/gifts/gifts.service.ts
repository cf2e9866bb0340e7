/**
 * The gift catalogue: read by fans (visible gifts), kept by staff (create, edit, hide).
 * Prices are integer cents here; the wire speaks decimal units (gifts.presenter.ts).
 */
import { LIMITS } from '@fandeck/contract';
import { asc, count, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { isId } from '../../db/schema/ids.js';
import { gifts } from './gifts.tables.js';
import { notFound, unprocessable } from '../../http/errors.js';

export type GiftRow = typeof gifts.$inferSelect;

export interface GiftInput {
  name?: string | undefined;
  emoji?: string | undefined;
  imageUrl?: string | null | undefined;
  priceCents?: number | undefined;
  ordering?: number | undefined;
  hidden?: boolean | undefined;
}

const NOT_FOUND = 'There is no such gift';
const order = [asc(gifts.ordering), asc(gifts.priceCents), asc(gifts.id)] as const;

export async function findGift(db: DbOrTx, id: string): Promise<GiftRow | null> {
  if (!isId(id)) return null;
  const [row] = await db.select().from(gifts).where(eq(gifts.id, id)).limit(1);
  return row ?? null;
}

/** What fans pick from: the visible gifts, in the staff's order then by price. */
export const visibleGifts = (db: DbOrTx): Promise<GiftRow[]> => db.select().from(gifts).where(eq(gifts.hidden, false)).orderBy(...order);

/** Every gift, hidden ones too (staff). */
export const allGifts = (db: DbOrTx): Promise<GiftRow[]> => db.select().from(gifts).orderBy(...order);

/** Only set fields are written (an update may leave any out). */
const valuesOf = (input: GiftInput) =>
  Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Partial<typeof gifts.$inferInsert>;

/** A new gift; the catalogue holds at most `LIMITS.gift.catalogueMax` (hidden ones count: unhide or edit them). */
export async function createGift(ctx: AppContext, input: GiftInput & { name: string; emoji: string; priceCents: number }): Promise<GiftRow> {
  return ctx.db.transaction(async (tx) => {
    const [held] = await tx.select({ n: count() }).from(gifts);
    if ((held?.n ?? 0) >= LIMITS.gift.catalogueMax) throw unprocessable('gifts.catalogue_full', `The catalogue holds at most ${LIMITS.gift.catalogueMax} gifts`);
    const [row] = await tx.insert(gifts).values({ ...valuesOf(input), name: input.name, emoji: input.emoji, priceCents: input.priceCents }).returning();
    return row!;
  });
}

/** Changes a gift; `hidden: true` takes it off the picker (charges already made keep naming it). */
export async function updateGift(ctx: AppContext, id: string, input: GiftInput): Promise<GiftRow> {
  if (!isId(id)) throw notFound('gifts.not_found', NOT_FOUND);
  const [row] = await ctx.db
    .update(gifts)
    .set({ ...valuesOf(input), updatedAt: ctx.now() })
    .where(eq(gifts.id, id))
    .returning();
  if (!row) throw notFound('gifts.not_found', NOT_FOUND);
  return row;
}
