/**
 * Who may see an item in full (its media, not only its title and placeholder): the one
 * place every list, page and file link asks. Today: its creator, staff, anyone when it is
 * free, and a fan who bought it (a successful wallet charge for it). Subscriptions add
 * "an active subscriber of its creator" here when they land.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { walletCharges, type WalletChargeTarget } from '../db/schema/index.js';
import type { AuthUser } from '../http/guard.js';

export interface Sellable {
  id: string;
  performerId: string;
  /** Sold on its own (a paid post); false means free to every visitor. */
  isSale: boolean;
  priceCents: number;
}

export type Viewer = Pick<AuthUser, 'id' | 'role'> | null;

const isPaid = (item: Sellable) => item.isSale && item.priceCents > 0;

/** The ids among `items` the viewer may see in full, in one query for a whole page. */
export async function entitledIds(db: DbOrTx, viewer: Viewer, kind: WalletChargeTarget, items: readonly Sellable[]): Promise<Set<string>> {
  const open = new Set(items.filter((item) => !isPaid(item) || (viewer && (viewer.role === 'admin' || viewer.id === item.performerId))).map((item) => item.id));
  const closed = items.filter((item) => !open.has(item.id)).map((item) => item.id);
  if (!viewer || closed.length === 0) return open;
  const bought = await db
    .selectDistinct({ id: walletCharges.targetId })
    .from(walletCharges)
    .where(and(eq(walletCharges.userId, viewer.id), eq(walletCharges.target, kind), eq(walletCharges.status, 'success'), inArray(walletCharges.targetId, closed)));
  for (const row of bought) open.add(row.id);
  return open;
}

/** Whether the viewer bought this item (not merely may see it). */
export async function hasBought(db: DbOrTx, viewerId: string, kind: WalletChargeTarget, itemId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: walletCharges.id })
    .from(walletCharges)
    .where(and(eq(walletCharges.userId, viewerId), eq(walletCharges.target, kind), eq(walletCharges.status, 'success'), eq(walletCharges.targetId, itemId)))
    .limit(1);
  return row !== undefined;
}
