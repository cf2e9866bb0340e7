/**
 * Where and how a creator is paid: a PIX key (its type checked by format, CPF and CNPJ
 * by their check digits) and/or a Brazilian bank account, and the payout gateway they
 * prefer. Private: answered to the creator themself only, account numbers masked.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { BANK_ACCOUNT_TYPES, PAYOUT_GATEWAYS, PIX_KEY_TYPES, performerBanking, performerPaymentGateways, type PixKeyType } from './performers.tables.js';

const digitsOf = (text: string) => text.replace(/\D/g, '');

/** A CPF (11 digits) whose two check digits are right; not all digits the same. */
export function isValidCpf(text: string): boolean {
  const cpf = digitsOf(text);
  if (cpf.length !== 11 || /^(\d)\1{10}$/.test(cpf)) return false;
  const check = (length: number) => {
    let sum = 0;
    for (let i = 0; i < length; i += 1) sum += Number(cpf[i]) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === Number(cpf[9]) && check(10) === Number(cpf[10]);
}

/** A CNPJ (14 digits) whose two check digits are right; not all digits the same. */
export function isValidCnpj(text: string): boolean {
  const cnpj = digitsOf(text);
  if (cnpj.length !== 14 || /^(\d)\1{13}$/.test(cnpj)) return false;
  const check = (length: number) => {
    const weights = length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = weights.reduce((total, weight, i) => total + weight * Number(cnpj[i]), 0);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  return check(12) === Number(cnpj[12]) && check(13) === Number(cnpj[13]);
}

const EMAIL = z.email();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The key in the form PIX uses (digits only, lower-case e-mail, +55 phone), or an error message. */
export function normalisePixKey(type: PixKeyType, key: string): { ok: true; key: string } | { ok: false; message: string } {
  const text = key.trim();
  switch (type) {
    case 'cpf':
      return isValidCpf(text) && /^[\d.\-\s]+$/.test(text) ? { ok: true, key: digitsOf(text) } : { ok: false, message: 'must be a valid CPF (its check digits do not match)' };
    case 'cnpj':
      return isValidCnpj(text) && /^[\d./\-\s]+$/.test(text) ? { ok: true, key: digitsOf(text) } : { ok: false, message: 'must be a valid CNPJ (its check digits do not match)' };
    case 'email':
      return text.length <= 77 && EMAIL.safeParse(text).success ? { ok: true, key: text.toLowerCase() } : { ok: false, message: 'must be a valid e-mail address' };
    case 'phone': {
      const compact = text.replace(/[\s().-]/g, '');
      return /^\+55\d{10,11}$/.test(compact) ? { ok: true, key: compact } : { ok: false, message: 'must be a Brazilian phone number as +55 followed by 10 or 11 digits' };
    }
    case 'random':
      return UUID.test(text) ? { ok: true, key: text.toLowerCase() } : { ok: false, message: 'must be a random key (a UUID)' };
  }
}

const field = (max: number) => z.string().trim().min(1).max(max);
const BANK_FIELDS = ['bankName', 'bankCode', 'agency', 'account', 'accountType', 'holderName', 'holderDocument'] as const;
const REQUIRED_BANK_FIELDS = ['bankCode', 'agency', 'account', 'accountType', 'holderName', 'holderDocument'] as const;

export const bankingSettingsSchema = z
  .object({
    pixKeyType: z.enum(PIX_KEY_TYPES).optional(),
    pixKey: field(140).optional(),
    bankName: field(100).optional(),
    bankCode: z.string().trim().regex(/^\d{3}$/, 'must be the 3-digit bank code').optional(),
    agency: z.string().trim().regex(/^\d{1,5}(-[\dXx])?$/, 'must be the agency number (up to 5 digits, optional check digit)').optional(),
    account: z.string().trim().regex(/^\d{1,13}(-[\dXx])?$/, 'must be the account number (digits, optional check digit)').optional(),
    accountType: z.enum(BANK_ACCOUNT_TYPES).optional(),
    holderName: field(100).optional(),
    holderDocument: z
      .string()
      .trim()
      .max(20)
      .refine((doc) => (digitsOf(doc).length === 11 ? isValidCpf(doc) : isValidCnpj(doc)), 'must be the holder’s valid CPF or CNPJ')
      .optional(),
  })
  .superRefine((body, ctx) => {
    const pix = body.pixKeyType !== undefined || body.pixKey !== undefined;
    const bank = BANK_FIELDS.some((name) => body[name] !== undefined);
    if (!pix && !bank) {
      ctx.addIssue({ code: 'custom', path: ['pixKey'], message: 'send a PIX key with its type, or bank account data' });
      return;
    }
    if (pix) {
      if (body.pixKeyType === undefined) ctx.addIssue({ code: 'custom', path: ['pixKeyType'], message: 'is required with a PIX key' });
      else if (body.pixKey === undefined) ctx.addIssue({ code: 'custom', path: ['pixKey'], message: 'is required with a PIX key type' });
      else {
        const checked = normalisePixKey(body.pixKeyType, body.pixKey);
        if (!checked.ok) ctx.addIssue({ code: 'custom', path: ['pixKey'], message: checked.message });
      }
    }
    if (bank) {
      for (const name of REQUIRED_BANK_FIELDS) if (body[name] === undefined) ctx.addIssue({ code: 'custom', path: [name], message: 'is required with bank account data' });
    }
  });
export type BankingSettingsInput = z.infer<typeof bankingSettingsSchema>;

export const bankingSettingsView = z.object({
  pixKeyType: z.enum(PIX_KEY_TYPES).nullable(),
  pixKey: z.string().nullable(),
  bankName: z.string().nullable(),
  bankCode: z.string().nullable(),
  agency: z.string().nullable(),
  account: z.string().nullable(),
  accountType: z.enum(BANK_ACCOUNT_TYPES).nullable(),
  holderName: z.string().nullable(),
  holderDocument: z.string().nullable(),
  updatedAt: z.string(),
});
export type BankingSettingsDto = z.infer<typeof bankingSettingsView>;

/** All but the last 4 characters hidden (half of a short value), so a leaked answer gives nothing away. */
export function maskNumber(value: string | null): string | null {
  if (value === null) return null;
  const shown = Math.min(4, Math.floor(value.length / 2));
  return '*'.repeat(value.length - shown) + value.slice(value.length - shown);
}

type BankingRow = typeof performerBanking.$inferSelect;

export function presentBanking(row: BankingRow): BankingSettingsDto {
  return {
    pixKeyType: row.pixKeyType,
    pixKey: maskNumber(row.pixKey),
    bankName: row.bankName,
    bankCode: row.bankCode,
    agency: row.agency,
    account: maskNumber(row.account),
    accountType: row.accountType,
    holderName: row.holderName,
    holderDocument: maskNumber(row.holderDocument),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const PIX_COLUMNS = { pixKeyType: null, pixKey: null } as const;
const BANK_COLUMNS = { bankName: null, bankCode: null, agency: null, account: null, accountType: null, holderName: null, holderDocument: null } as const;

/** The columns of the method(s) the input carries; a method not sent keeps what is stored. */
function bankingValues(input: BankingSettingsInput) {
  const pixKey = input.pixKeyType && input.pixKey ? normalisePixKey(input.pixKeyType, input.pixKey) : null;
  const pix = pixKey?.ok ? { pixKeyType: input.pixKeyType!, pixKey: pixKey.key } : {};
  const bank = BANK_FIELDS.some((name) => input[name] !== undefined)
    ? {
        ...BANK_COLUMNS,
        bankName: input.bankName ?? null,
        bankCode: input.bankCode ?? null,
        agency: input.agency ?? null,
        account: input.account ?? null,
        accountType: input.accountType ?? null,
        holderName: input.holderName ?? null,
        holderDocument: input.holderDocument ? digitsOf(input.holderDocument) : null,
      }
    : {};
  return { ...pix, ...bank };
}

/**
 * Saves the PIX key and/or the bank account sent; the method not sent is kept (a PIX key
 * never erases the bank account, nor the other way round).
 */
export async function saveBanking(db: DbOrTx, performerId: string, input: BankingSettingsInput, now: Date): Promise<BankingRow> {
  const values = { ...bankingValues(input), updatedAt: now };
  const [row] = await db
    .insert(performerBanking)
    .values({ performerId, ...values })
    .onConflictDoUpdate({ target: performerBanking.performerId, set: values })
    .returning();
  return row!;
}

/** Removes one method's details (the PIX key or the bank account), keeping the other. */
export async function clearBankingMethod(db: DbOrTx, performerId: string, method: 'pix' | 'banking', now: Date): Promise<void> {
  await db
    .update(performerBanking)
    .set({ ...(method === 'pix' ? PIX_COLUMNS : BANK_COLUMNS), updatedAt: now })
    .where(eq(performerBanking.performerId, performerId));
}

/** Removes the Stripe connected account (the preferred gateway stays). */
export async function clearStripeAccount(db: DbOrTx, performerId: string, now: Date): Promise<void> {
  await db.update(performerPaymentGateways).set({ stripeAccountId: null, updatedAt: now }).where(eq(performerPaymentGateways.performerId, performerId));
}

export const paymentGatewaySettingsSchema = z.object({
  gateway: z.enum(PAYOUT_GATEWAYS),
  /** A Stripe connected account, for payouts through Stripe. */
  stripeAccountId: z.string().trim().regex(/^acct_[A-Za-z0-9]{4,64}$/, 'must be a Stripe account id (acct_...)').optional(),
});
export type PaymentGatewaySettingsInput = z.infer<typeof paymentGatewaySettingsSchema>;

export const paymentGatewaySettingsView = z.object({
  gateway: z.enum(PAYOUT_GATEWAYS),
  stripeAccountId: z.string().nullable(),
  /** Whether a PIX key is on file, which PIX payouts need. */
  hasPixKey: z.boolean(),
  updatedAt: z.string(),
});
export type PaymentGatewaySettingsDto = z.infer<typeof paymentGatewaySettingsView>;

type GatewayRow = typeof performerPaymentGateways.$inferSelect;

export function presentGateway(row: GatewayRow, hasPixKey: boolean): PaymentGatewaySettingsDto {
  return { gateway: row.gateway, stripeAccountId: row.stripeAccountId, hasPixKey, updatedAt: row.updatedAt.toISOString() };
}

export async function saveGateway(db: DbOrTx, performerId: string, input: PaymentGatewaySettingsInput, now: Date): Promise<GatewayRow> {
  const values = { gateway: input.gateway, stripeAccountId: input.stripeAccountId ?? null, updatedAt: now };
  const [row] = await db
    .insert(performerPaymentGateways)
    .values({ performerId, ...values })
    .onConflictDoUpdate({ target: performerPaymentGateways.performerId, set: values })
    .returning();
  return row!;
}

/** The creator's own payout settings, for their own profile only. */
export async function payoutSettingsOf(db: DbOrTx, performerId: string) {
  const [[banking], [gateway]] = await Promise.all([
    db.select().from(performerBanking).where(eq(performerBanking.performerId, performerId)).limit(1),
    db.select().from(performerPaymentGateways).where(eq(performerPaymentGateways.performerId, performerId)).limit(1),
  ]);
  return {
    bankingSettings: banking ? presentBanking(banking) : null,
    paymentGatewaySettings: gateway ? presentGateway(gateway, Boolean(banking?.pixKey)) : null,
  };
}
