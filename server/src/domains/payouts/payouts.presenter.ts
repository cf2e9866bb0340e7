import { z } from 'zod';
import type { PayoutCalculation, PayoutRequestDto } from '@fandeck/contract';
import { PAYOUT_ACCOUNT_TYPES, PAYOUT_STATUSES, type payoutRequests } from './payouts.tables.js';
import { fromCents } from '../../money/amounts.js';
import { partyInfoSchema, presentParty, type PartyRow } from '../earnings/index.js';

export type PayoutRow = typeof payoutRequests.$inferSelect;

export const payoutRequestSchema = z.object({
  _id: z.string(),
  performerId: z.string(),
  requestAmount: z.number(),
  status: z.enum(PAYOUT_STATUSES),
  paymentAccountType: z.enum(PAYOUT_ACCOUNT_TYPES),
  paymentAccountInfo: z.record(z.string(), z.unknown()).nullable(),
  requestNote: z.string(),
  adminNote: z.string(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  performerInfo: partyInfoSchema.optional(),
  paymentDetails: z.record(z.string(), z.unknown()).nullable().optional(),
}) satisfies z.ZodType<PayoutRequestDto>;

export const payoutCalculationSchema = z.object({
  availableAmount: z.number(),
  pendingAmount: z.number(),
  paidAmount: z.number(),
  minimumPayout: z.number(),
  canRequest: z.boolean(),
  totalEarnedTokens: z.number(),
  previousPaidOutTokens: z.number(),
  remainingUnpaidTokens: z.number(),
}) satisfies z.ZodType<PayoutCalculation>;

export const pendingReviewSchema = z.object({ pending: z.boolean(), request: payoutRequestSchema.nullable() });

export function presentPayout(row: PayoutRow, performer?: { origin: string; party: PartyRow }): PayoutRequestDto {
  return {
    _id: row.id,
    performerId: row.performerId,
    requestAmount: fromCents(row.requestedCents),
    status: row.status,
    paymentAccountType: row.paymentAccountType,
    paymentAccountInfo: row.paymentAccountInfo ?? null,
    requestNote: row.requestNote,
    adminNote: row.adminNote,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(performer ? { performerInfo: presentParty(performer.origin, performer.party) } : {}),
  };
}
