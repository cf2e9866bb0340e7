/**
 * The rules of each payout method's form, field by field, each refusal with its own code
 * (contract `payouts.*`) so the creator's form says in their language what is wrong with
 * which field: a PIX key checked by its kind (CPF and CNPJ by their check digits, e-mail,
 * +55 phone, random key), a bank account field by field, a Stripe account id.
 */
import type { ErrorCode } from '@fandeck/contract';
import { invalidFields } from '../../http/errors.js';
import { rejectNulCharacters } from '../../http/validate.js';
import { BANK_ACCOUNT_TYPES, isValidCnpj, isValidCpf, normalisePixKey, PIX_KEY_TYPES, type BankingSettingsInput, type PixKeyType } from '../performers/index.js';

type Codes = Record<string, ErrorCode>;

const PIX_CODES: Record<PixKeyType, ErrorCode> = {
  cpf: 'payouts.pix_cpf_invalid',
  cnpj: 'payouts.pix_cnpj_invalid',
  email: 'payouts.pix_email_invalid',
  phone: 'payouts.pix_phone_invalid',
  random: 'payouts.pix_random_invalid',
};

const text = (value: unknown): string | null => (typeof value === 'string' ? value.trim() : null);
const digitsOf = (value: string) => value.replace(/\D/g, '');
const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T => typeof value === 'string' && (list as readonly string[]).includes(value);

/** Each bank field's rule: the code when the (trimmed) text breaks it, else null. */
const BANK_RULES: Record<string, { required: boolean; code: ErrorCode; valid: (value: string) => boolean }> = {
  bankName: { required: false, code: 'payouts.bank_name_invalid', valid: (value) => value.length <= 100 },
  bankCode: { required: true, code: 'payouts.bank_code_invalid', valid: (value) => /^\d{3}$/.test(value) },
  agency: { required: true, code: 'payouts.agency_invalid', valid: (value) => /^\d{1,5}(-[\dXx])?$/.test(value) },
  account: { required: true, code: 'payouts.account_invalid', valid: (value) => /^\d{1,13}(-[\dXx])?$/.test(value) },
  accountType: { required: true, code: 'payouts.account_type_invalid', valid: (value) => isOneOf(BANK_ACCOUNT_TYPES, value) },
  holderName: { required: true, code: 'payouts.holder_name_invalid', valid: (value) => value.length <= 100 },
  holderDocument: {
    required: true,
    code: 'payouts.holder_document_invalid',
    valid: (value) => value.length <= 20 && (digitsOf(value).length === 11 ? isValidCpf(value) : isValidCnpj(value)),
  },
};

function refuse(codes: Codes): never {
  const fieldCodes = Object.fromEntries(Object.entries(codes).map(([name, code]) => [`body.${name}`, code]));
  throw invalidFields(fieldCodes, Object.entries(fieldCodes).map(([field, code]) => `${field}: ${code}`).join('; '));
}

/** A PIX key and its kind, the key in PIX's own form (digits, lower-case e-mail, +55 phone). */
export function checkPix(body: Record<string, unknown>): Pick<BankingSettingsInput, 'pixKeyType' | 'pixKey'> {
  rejectNulCharacters(body, 'body');
  const kind = body.pixKeyType;
  const key = text(body.pixKey);
  if (!isOneOf(PIX_KEY_TYPES, kind)) refuse({ pixKeyType: kind === undefined || kind === '' ? 'payouts.field_required' : 'payouts.pix_key_type_invalid' });
  if (!key) refuse({ pixKey: 'payouts.field_required' });
  const checked = normalisePixKey(kind, key);
  if (!checked.ok) refuse({ pixKey: PIX_CODES[kind] });
  return { pixKeyType: kind, pixKey: checked.key };
}

/** A bank account, every field checked at once so the form marks all that are wrong. */
export function checkBank(body: Record<string, unknown>): Omit<BankingSettingsInput, 'pixKeyType' | 'pixKey'> {
  rejectNulCharacters(body, 'body');
  const codes: Codes = {};
  const values: Record<string, string> = {};
  for (const [name, rule] of Object.entries(BANK_RULES)) {
    const value = text(body[name]);
    if (!value) {
      if (rule.required) codes[name] = 'payouts.field_required';
    } else if (!rule.valid(value)) codes[name] = rule.code;
    else values[name] = value;
  }
  if (Object.keys(codes).length > 0) refuse(codes);
  return values as Omit<BankingSettingsInput, 'pixKeyType' | 'pixKey'>;
}

/** A Stripe connected account id (`acct_...`). */
export function checkStripe(body: Record<string, unknown>): string {
  const id = text(body.stripeAccountId);
  if (!id) refuse({ stripeAccountId: 'payouts.field_required' });
  if (!/^acct_[A-Za-z0-9]{4,64}$/.test(id)) refuse({ stripeAccountId: 'payouts.stripe_account_invalid' });
  return id;
}
