/**
 * Who may see an item in full (its media, not only its title and placeholder): the one
 * place every list, page and file link asks. Its creator and staff always; anyone when it
 * is free; a fan who bought it (a successful wallet charge for it) when it is for sale; and
 * an active subscriber of its creator (status `active`, `expired_at` still ahead) when it
 * is for subscribers only. An item for sale is sold on its own: `subscribersOnly` does not
 * open it.
 */
import { and, eq, gt, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { subscriptions } from '../domains/subscriptions/subscriptions.tables.js';
import { walletCharges, type WalletChargeTarget } from '../domains/wallet/wallet.tables.js';
import type { AuthUser } from '../http/guard.js';

export interface Sellable {
  id: string;
  performerId: string;
  /** Sold on its own (a paid post); false means free to every visitor, unless `subscribersOnly`. */
  isSale: boolean;
  priceCents: number;
  /** Not for sale, but only for the creator's active subscribers. */
  subscribersOnly: boolean;
}

export type Viewer = Pick<AuthUser, 'id' | 'role'> | null;

const isPaid = (item: Sellable) => item.isSale && item.priceCents > 0;
const forSubscribers = (item: Sellable) => !isPaid(item) && item.subscribersOnly;
const isFree = (item: Sellable) => !isPaid(item) && !forSubscribers(item);

/**
 * The ids among `items` the viewer may see in full, in one query per rule for a whole page
 * (bought, subscribed). `now` is the app's clock: a subscription that expired by it opens nothing.
 */
export async function entitledIds(db: DbOrTx, viewer: Viewer, kind: WalletChargeTarget, items: readonly Sellable[], now: Date): Promise<Set<string>> {
  const open = new Set(items.filter((item) => isFree(item) || (viewer && (viewer.role === 'admin' || viewer.id === item.performerId))).map((item) => item.id));
  const closed = items.filter((item) => !open.has(item.id));
  if (!viewer || closed.length === 0) return open;
  const paid = closed.filter(isPaid).map((item) => item.id);
  const creators = [...new Set(closed.filter(forSubscribers).map((item) => item.performerId))];
  const [bought, subscribed] = await Promise.all([
    paid.length
      ? db
          .selectDistinct({ id: walletCharges.targetId })
          .from(walletCharges)
          .where(and(eq(walletCharges.userId, viewer.id), eq(walletCharges.target, kind), eq(walletCharges.status, 'success'), inArray(walletCharges.targetId, paid)))
      : Promise.resolve([]),
    creators.length ? subscribedCreatorIds(db, viewer.id, creators, now) : Promise.resolve(new Set<string>()),
  ]);
  for (const row of bought) open.add(row.id);
  for (const item of closed) if (forSubscribers(item) && subscribed.has(item.performerId)) open.add(item.id);
  return open;
}

/** The creators among `creatorIds` the user is an active subscriber of now (access holds), in one query. */
export async function subscribedCreatorIds(db: DbOrTx, userId: string, creatorIds: readonly string[], now: Date): Promise<Set<string>> {
  if (creatorIds.length === 0) return new Set();
  const rows = await db
    .select({ id: subscriptions.performerId })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.performerId, [...creatorIds]), eq(subscriptions.status, 'active'), gt(subscriptions.expiredAt, now)));
  return new Set(rows.map((row) => row.id));
}

/**
 * The creators the user is an active subscriber of at `now`, as a subquery (a page's
 * filter: the fan's home feed shows the creators they pay for as well as those they follow).
 */
export const subscribedCreatorsOf = (db: DbOrTx, userId: string, now: Date) =>
  db
    .select({ id: subscriptions.performerId })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'active'), gt(subscriptions.expiredAt, now)));

/** Whether the viewer bought this item (not merely may see it). */
export async function hasBought(db: DbOrTx, viewerId: string, kind: WalletChargeTarget, itemId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: walletCharges.id })
    .from(walletCharges)
    .where(and(eq(walletCharges.userId, viewerId), eq(walletCharges.target, kind), eq(walletCharges.status, 'success'), eq(walletCharges.targetId, itemId)))
    .limit(1);
  return row !== undefined;
}
