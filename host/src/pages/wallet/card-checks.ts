import { LIMITS, type SandboxCardBody } from '@fandeck/contract';

/** What the card form checks before anything is sent; the server checks again and answers its codes. */
export type CardProblem = 'number' | 'expiry' | 'cvc';

export interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** Groups the digits by four as the fan types; anything but digits is dropped. */
export const formatCardNumber = (text: string) =>
  text
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

export function formatExpiry(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** The card as the API takes it, or the first field to fix. */
export function checkCard(fields: CardFields, now = new Date()): { ok: true; card: SandboxCardBody } | { ok: false; problem: CardProblem } {
  const number = fields.number.replace(/\D/g, '');
  if (number.length < 12 || number.length > 19 || !luhn(number)) return { ok: false, problem: 'number' };
  const match = /^(\d{2})\/(\d{2})$/.exec(fields.expiry.trim());
  const month = match ? Number(match[1]) : 0;
  const year = match ? 2000 + Number(match[2]) : 0;
  const thisMonth = now.getFullYear() * 12 + now.getMonth();
  if (month < 1 || month > 12 || year * 12 + month - 1 < thisMonth) return { ok: false, problem: 'expiry' };
  const cvc = fields.cvc.trim();
  if (!/^\d+$/.test(cvc) || cvc.length < LIMITS.card.cvcMin || cvc.length > LIMITS.card.cvcMax) return { ok: false, problem: 'cvc' };
  return { ok: true, card: { number, expMonth: month, expYear: year, cvc: fields.cvc.trim() } };
}
