/**
 * How a payout is paid: to a PIX key, to a bank account, or to a Stripe connected
 * account. The details live in the creator's payout settings (performers/payout-settings.ts,
 * the same rules as `PUT /performers/banking-settings` and `payment-gateway-settings`);
 * a request keeps a masked copy of them as they were when it was made.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { performerBanking, performerPaymentGateways } from '../performers/performers.tables.js';
import { PAYOUT_ACCOUNT_TYPES, type PayoutAccountType } from './payouts.tables.js';
import {
  bankingSettingsView,
  clearBankingMethod,
  clearStripeAccount,
  maskNumber,
  paymentGatewaySettingsView,
  payoutSettingsOf,
  saveBanking,
  saveGateway,
} from '../performers/index.js';
import { checkBank, checkPix, checkStripe } from './payout-method-rules.js';

export const payoutMethodParams = z.object({ id: z.enum(PAYOUT_ACCOUNT_TYPES) });
/** Each method's own fields, checked field by field in `saveMethod` (payout-method-rules.ts). */
export const payoutMethodBody = z.record(z.string(), z.unknown());
export const payoutSettingsAnswer = z.object({
  bankingSettings: bankingSettingsView.nullable(),
  paymentGatewaySettings: paymentGatewaySettingsView.nullable(),
});

/**
 * Saves one method's details, each checked field by field with its own codes
 * (payout-method-rules.ts); the other methods are kept: a PIX key leaves the bank account
 * as it is and the other way round.
 */
export async function saveMethod(db: DbOrTx, performerId: string, method: PayoutAccountType, body: Record<string, unknown>, now: Date) {
  if (method === 'stripe') await saveGateway(db, performerId, { gateway: 'stripe', stripeAccountId: checkStripe(body) }, now);
  else await saveBanking(db, performerId, method === 'pix' ? checkPix(body) : checkBank(body), now);
  return payoutSettingsOf(db, performerId);
}

/** Removes one method's details; the others stay. */
export async function removeMethod(db: DbOrTx, performerId: string, method: PayoutAccountType, now: Date) {
  if (method === 'stripe') await clearStripeAccount(db, performerId, now);
  else await clearBankingMethod(db, performerId, method, now);
  return payoutSettingsOf(db, performerId);
}

/**
 * The creator's details for this method, or null when the method is not set up (no PIX
 * key, an incomplete bank account, no Stripe account). Masked as a request keeps them;
 * whole (`masked: false`) only for staff paying a request out.
 */
export async function payoutDetailsOf(db: DbOrTx, performerId: string, method: PayoutAccountType, { masked = true } = {}): Promise<Record<string, unknown> | null> {
  const mask = masked ? maskNumber : (value: string | null) => value;
  if (method === 'stripe') {
    const [gateway] = await db.select().from(performerPaymentGateways).where(eq(performerPaymentGateways.performerId, performerId)).limit(1);
    return gateway?.stripeAccountId ? { stripeAccountId: mask(gateway.stripeAccountId) } : null;
  }
  const [row] = await db.select().from(performerBanking).where(eq(performerBanking.performerId, performerId)).limit(1);
  if (!row) return null;
  if (method === 'pix') return row.pixKey && row.pixKeyType ? { pixKeyType: row.pixKeyType, pixKey: mask(row.pixKey) } : null;
  const complete = row.bankCode && row.agency && row.account && row.accountType && row.holderName && row.holderDocument;
  return complete
    ? {
        bankName: row.bankName,
        bankCode: row.bankCode,
        agency: row.agency,
        account: mask(row.account),
        accountType: row.accountType,
        holderName: row.holderName,
        holderDocument: mask(row.holderDocument),
      }
    : null;
}
