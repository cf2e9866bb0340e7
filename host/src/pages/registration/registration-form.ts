import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { type ErrorCode, isValidUsername, LIMITS } from '@fandeck/contract';
import type { i18n } from '@fandeck/widgets/i18n';
import type { ActionError } from '../../session/session.js';

/** A view's `t` (useTranslation), or the instance's. */
export type Translate = typeof i18n.t;

export type { RegistrationAnswer } from '@fandeck/contract';

/** The message under each field the last check or refusal named; absent fields are fine. */
export type FieldErrors = Partial<Record<string, string>>;

/** The fields every registration form has, under the names the server gives them. */
export interface AccountValues {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  terms: boolean;
}

export const emptyAccount: AccountValues = { username: '', email: '', password: '', confirmPassword: '', terms: false };

// Only what a typo breaks; the server's check is the real one.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The server's referral code shape (referrals.service.ts); anything else it ignores, so it is not carried. */
const REFERRAL_CODE = /^[A-Za-z0-9]{4,32}$/;

/** An address as far as the form checks one before sending (the server's check is the real one). */
export function isEmailAddress(email: string): boolean {
  return EMAIL.test(email) && email.length <= LIMITS.account.emailMax;
}

/** The `?ref=` code of a referral link, when it can be one. */
export function referralCodeOf(search: URLSearchParams): string | null {
  const code = search.get('ref')?.trim() ?? '';
  return REFERRAL_CODE.test(code) ? code.toUpperCase() : null;
}

/** A register page's address, keeping the referral code across the two forms. */
export function registerPath(path: '/auth/register' | '/auth/register/creator', ref: string | null): string {
  return ref ? `${path}?${new URLSearchParams({ ref }).toString()}` : path;
}

/** Spec section 5: a registration upload's name keeps letters, digits, dot, underscore and hyphen; the rest become underscores. */
export const cleanFileName = (name: string): string => name.replace(/[^A-Za-z0-9._-]/g, '_');

/** The account part of a form checked before sending: what the server would refuse anyway, said in the reader's language. */
export function checkAccount(values: AccountValues, t: Translate): FieldErrors {
  const errors: FieldErrors = {};
  const username = values.username.trim();
  if (!username) errors.username = t('registration.invalid.required');
  // The contract's one username rule (lowercase letters and digits, 3 to 30; the server lowercases what it is sent).
  else if (!isValidUsername(username)) errors.username = t('registration.invalid.username');
  const email = values.email.trim();
  if (!email) errors.email = t('registration.invalid.required');
  else if (!isEmailAddress(email)) errors.email = t('registration.invalid.email');
  if (!values.password) errors.password = t('registration.invalid.required');
  else if (values.password.length < LIMITS.account.passwordMin || values.password.length > LIMITS.account.passwordMax) errors.password = t('registration.invalid.password');
  if (values.confirmPassword !== values.password) errors.confirmPassword = t('registration.invalid.confirmPassword');
  if (!values.terms) errors.terms = t('registration.invalid.terms');
  return errors;
}

/** A required text field: its error when blank. */
export function requireText(errors: FieldErrors, field: string, value: string, t: Translate): void {
  if (!value.trim()) errors[field] = t('registration.invalid.required');
}

/** The field a refusal is about when its code says so without naming it (a 409 names no field). */
const FIELD_OF_CODE: Partial<Record<ErrorCode, string>> = {
  'auth.username_taken': 'username',
  'auth.email_taken': 'email',
  'auth.phone_invalid': 'phone',
  'performers.too_young': 'dateOfBirth',
};

/** The form's field names a refusal names (`body.username` is `username`). */
function namedFields(error: ActionError): string[] {
  const body = error.body;
  const listed = typeof body === 'object' && body !== null && Array.isArray((body as { fields?: unknown }).fields) ? (body as { fields: unknown[] }).fields : [];
  const fields = listed.filter((field): field is string => typeof field === 'string' && field.startsWith('body.')).map((field) => field.slice(5).split('.')[0]!);
  const byCode = error.code ? FIELD_OF_CODE[error.code] : undefined;
  return byCode && !fields.includes(byCode) ? [...fields, byCode] : fields;
}

/** A validation refusal's text for one field: ours, since the server's is English for developers. */
function invalidText(field: string, t: Translate): string {
  switch (field) {
    case 'username':
      return t('registration.invalid.usernameRefused');
    case 'email':
      return t('registration.invalid.email');
    case 'password':
      return t('registration.invalid.password');
    case 'dateOfBirth':
      return t('registration.invalid.dateOfBirth');
    case 'gender':
    case 'countryCode':
      return t('registration.invalid.choose');
    default:
      return t('registration.invalid.field');
  }
}

/** A refusal told where it belongs: under the fields the form shows, else above the button. */
export interface Refusal {
  fields: FieldErrors;
  form: string | null;
}

/**
 * Places the server's refusal. The texts come from the error's code (the API client has
 * chosen them already, in the active language), or from ours for a validation error, whose
 * own text would name fields by their wire names.
 */
export function refusalOf(error: ActionError, shown: ReadonlySet<string>, t: Translate): Refusal {
  const fields: FieldErrors = {};
  for (const field of namedFields(error)) {
    if (!shown.has(field)) continue;
    fields[field] = error.code === 'request.invalid' ? invalidText(field, t) : error.message;
  }
  if (Object.keys(fields).length > 0) return { fields, form: t('registration.fixFields') };
  return { fields, form: error.code === 'request.invalid' ? t('errors.generic') : error.message };
}

/** Whole years from a `YYYY-MM-DD` birth date to today; null when it is no date. */
export function ageOf(dateOfBirth: string, today = new Date()): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const born = new Date(Date.UTC(y, m - 1, d));
  if (born.getUTCMonth() !== m - 1 || born.getUTCDate() !== d || born > today) return null;
  let age = today.getUTCFullYear() - y;
  if (today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d)) age -= 1;
  return age;
}

/**
 * Moves keyboard focus to the first field marked invalid after each refused submit (the
 * returned function), so the reader lands on what to fix; never while they type.
 */
export function useFocusOnRefusal(form: RefObject<HTMLFormElement | null>): () => void {
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals, form]);
  return useCallback(() => setRefusals((count) => count + 1), []);
}

/** False once the page is gone, so an answer arriving later changes nothing. */
export function useMounted(): RefObject<boolean> {
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return mounted;
}
