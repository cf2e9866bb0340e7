import { describeLengths, findPhoneCountry, phoneCountryForNumber, type PhoneCountryRule } from './phone-codes.js';

/** The outcome of a phone check: the number in E.164 with its country, or why it was refused. */
export type PhoneCheck = { ok: true; e164: string; iso: string } | { ok: false; message: string };

const MAX_INPUT = 40;

/** Digits of an international number typed with spaces, dashes, dots, brackets, + or 00. */
function internationalDigits(phone: string): string | undefined {
  const compact = phone.trim().replace(/[\s().-]/g, '');
  // No dial code starts with 0, so a leading 00 can only be the international prefix.
  const digits = compact.startsWith('+') ? compact.slice(1) : compact.replace(/^00/, '');
  return /^\d+$/.test(digits) ? digits : undefined;
}

function lengthMessage(rule: PhoneCountryRule): string {
  return `A phone number in ${rule.name} is +${rule.code} followed by ${describeLengths(rule.lengths)} digits`;
}

/**
 * Checks an international number against its country's pattern (spec section 5).
 * `countryCode` is the two-letter country (BR) or its dial code (55); without it the
 * country is found from the number's dial prefix.
 */
export function validatePhoneNumber(input: { phone: string; countryCode?: string }): PhoneCheck {
  if (typeof input.phone !== 'string' || input.phone.trim() === '') {
    return { ok: false, message: 'Please enter a phone number' };
  }
  if (input.phone.length > MAX_INPUT) return { ok: false, message: 'The phone number is too long' };
  const digits = internationalDigits(input.phone);
  if (!digits) {
    return { ok: false, message: 'A phone number may hold only digits, spaces, dashes, brackets and a leading +' };
  }

  let rule: PhoneCountryRule | undefined;
  if (input.countryCode) {
    rule = findPhoneCountry(input.countryCode);
    if (!rule) return { ok: false, message: `Unknown phone country ${input.countryCode}` };
    if (!digits.startsWith(rule.code)) {
      return { ok: false, message: `A phone number in ${rule.name} must start with +${rule.code}` };
    }
  } else {
    rule = phoneCountryForNumber(digits);
    if (!rule) return { ok: false, message: 'The phone number must start with a country dial code, such as +55' };
  }

  if (!rule.pattern.test(digits)) return { ok: false, message: lengthMessage(rule) };
  return { ok: true, e164: `+${digits}`, iso: rule.iso };
}
