import type { GiftDto } from '@fandeck/contract';
import { z } from 'zod';
import { fromCents } from '../../money/amounts.js';
import type { GiftRow } from './gifts.service.js';

export const giftSchema = z.object({
  _id: z.string(),
  name: z.string(),
  emoji: z.string(),
  imageUrl: z.string().nullable(),
  price: z.number(),
  ordering: z.number().int(),
  hidden: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const presentGift = (row: GiftRow): GiftDto => ({
  _id: row.id,
  name: row.name,
  emoji: row.emoji,
  imageUrl: row.imageUrl,
  price: fromCents(row.priceCents),
  ordering: row.ordering,
  hidden: row.hidden,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
