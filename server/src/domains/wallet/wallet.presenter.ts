import { z } from 'zod';
import { WALLET_CHARGE_STATUSES, WALLET_CHARGE_TARGETS } from './wallet.tables.js';
import { fromCents } from '../../money/amounts.js';
import type { WalletChargeRow } from './charge-handler.js';

const partySchema = z.object({ _id: z.string(), username: z.string().nullable(), name: z.string() });
export type ChargeParty = z.infer<typeof partySchema>;

/**
 * A wallet charge as clients read it (contract sections 1 and 4). Amounts are decimal
 * units. The creator's share is shown only to the creator: the platform's commission
 * rate is a private setting, so a fan never sees how the price was split.
 */
export const chargeSchema = z.object({
  _id: z.string(),
  target: z.enum(WALLET_CHARGE_TARGETS),
  targetId: z.string(),
  status: z.enum(WALLET_CHARGE_STATUSES),
  /** The buyer. */
  sourceId: z.string(),
  performerId: z.string(),
  price: z.number(),
  /** The names existing clients read (api-contract.md section 7): `type` is `target`, `totalPrice` is `price`, */
  type: z.enum(WALLET_CHARGE_TARGETS),
  totalPrice: z.number(),
  /** and `products` is always an array: the product a `product` charge bought, none otherwise. */
  products: z.array(z.object({ _id: z.string() })),
  earnings: z.number().optional(),
  message: z.string().nullable(),
  conversationId: z.string().nullable(),
  sourceInfo: partySchema.optional(),
  performerInfo: partySchema.optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ChargeDto = z.infer<typeof chargeSchema>;

export type ChargeViewer = 'buyer' | 'creator';

export function presentCharge(
  row: WalletChargeRow,
  viewer: ChargeViewer,
  parties: { source?: ChargeParty; performer?: ChargeParty } = {},
): ChargeDto {
  return {
    _id: row.id,
    target: row.target,
    targetId: row.targetId,
    status: row.status,
    sourceId: row.userId,
    performerId: row.performerId,
    price: fromCents(row.priceCents),
    type: row.target,
    totalPrice: fromCents(row.priceCents),
    products: row.target === 'product' ? [{ _id: row.targetId }] : [],
    ...(viewer === 'creator' ? { earnings: fromCents(row.earningsCents) } : {}),
    message: row.message,
    conversationId: row.conversationId,
    ...(parties.source ? { sourceInfo: parties.source } : {}),
    ...(parties.performer ? { performerInfo: parties.performer } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Response schema of `GET /admin/ledger/check` (see `checkLedger`). */
export const ledgerCheckSchema = z.object({
  ok: z.boolean(),
  totalCents: z.number().int(),
  accounts: z.number().int(),
  movements: z.number().int(),
  mismatchedAccounts: z.array(z.object({ key: z.string(), cachedCents: z.number().int(), entriesCents: z.number().int() })),
  unbalancedMovements: z.array(z.object({ id: z.string(), sumCents: z.number().int() })),
  negativeAccounts: z.array(z.object({ key: z.string(), balanceCents: z.number().int() })),
});
