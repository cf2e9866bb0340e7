// The demo's live gifts, apart from the accounts and posts (demo.ts): a fresh `npm start` offers them in every live stream.
import type { Tx } from '../db/client.js';
import { gifts } from '../domains/gifts/gifts.tables.js';

/** A few gifts from small to big, as staff would set them (prices in cents). */
export const DEMO_GIFTS = [
  { name: 'Rosa', emoji: '🌹', priceCents: 5_00, ordering: 1 },
  { name: 'Coração', emoji: '💖', priceCents: 10_00, ordering: 2 },
  { name: 'Champanhe', emoji: '🍾', priceCents: 25_00, ordering: 3 },
  { name: 'Coroa', emoji: '👑', priceCents: 50_00, ordering: 4 },
] as const;

export async function seedGifts(tx: Tx): Promise<void> {
  await tx.insert(gifts).values([...DEMO_GIFTS]);
}
