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
import { badRequest } from '../../http/errors.js';
import { parseOrThrow } from '../../http/validate.js';
import {
  bankingSettingsSchema,
  bankingSettingsView,
  maskNumber,
  paymentGatewaySettingsSchema,
  paymentGatewaySettingsView,
  payoutSettingsOf,
  saveBanking,
  saveGateway,
  type BankingSettingsInput,
} from '../performers/index.js';

export const payoutMethodParams = z.object({ id: z.enum(PAYOUT_ACCOUNT_TYPES) });
/** Each method's own fields; the rules that check them are the payout settings' (checked in `saveMethod`). */
export const payoutMethodBody = z.record(z.string(), z.unknown());
export const payoutSettingsAnswer = z.object({
  bankingSettings: bankingSettingsView.nullable(),
  paymentGatewaySettings: paymentGatewaySettingsView.nullable(),
});

const PIX_FIELDS = ['pixKeyType', 'pixKey'] as const;
const BANK_FIELDS = ['bankName', 'bankCode', 'agency', 'account', 'accountType', 'holderName', 'holderDocument'] as const;

type BankingRow = typeof performerBanking.$inferSelect;

/** What is stored, as the settings form would send it back (absent where nothing is stored). */
function storedBanking(row: BankingRow | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!row) return out;
  for (const name of [...PIX_FIELDS, ...BANK_FIELDS]) {
    const value = row[name];
    if (value !== null) out[name] = value;
  }
  return out;
}

const pick = (body: Record<string, unknown>, names: readonly string[]) => Object.fromEntries(names.filter((n) => body[n] !== undefined).map((n) => [n, body[n]]));

/**
 * Saves one method's details, keeping the other's: a PIX key leaves the bank account as it
 * is and the other way round. The merged set passes the payout settings' own schema, so
 * every rule (and every error's field name) is theirs.
 */
export async function saveMethod(db: DbOrTx, performerId: string, method: PayoutAccountType, body: Record<string, unknown>, now: Date) {
  if (method === 'stripe') {
    const input = parseOrThrow(paymentGatewaySettingsSchema, { gateway: 'stripe', stripeAccountId: body.stripeAccountId ?? '' });
    await saveGateway(db, performerId, input, now);
    return payoutSettingsOf(db, performerId);
  }
  const [row] = await db.select().from(performerBanking).where(eq(performerBanking.performerId, performerId)).limit(1);
  const stored = storedBanking(row);
  const own = method === 'pix' ? PIX_FIELDS : BANK_FIELDS;
  const kept = Object.fromEntries(Object.entries(stored).filter(([name]) => !(own as readonly string[]).includes(name)));
  const sent = pick(body, own);
  // The combined schema requires the rest of a method once any of its fields is there.
  if (Object.keys(sent).length === 0) throw badRequest('request.invalid', `body.${own[1]}: is required`, [`body.${own[1]}`]);
  const input: BankingSettingsInput = parseOrThrow(bankingSettingsSchema, { ...kept, ...sent });
  await saveBanking(db, performerId, input, now);
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
