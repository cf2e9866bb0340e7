import { describe, expect, it } from 'vitest';
import { describeLengths, digitsPattern, findPhoneCountry, phoneCountries, phoneCountryForNumber } from './phone-codes.js';
import { validatePhoneNumber } from './phone.js';

/** Spec section 5: dial prefix, then a fixed count or range of digits. */
const SPEC_EXAMPLES = [
  { iso: 'BR', code: '55', lengths: [10, 11] },
  { iso: 'US', code: '1', lengths: [10] },
  { iso: 'CA', code: '1', lengths: [10] },
  { iso: 'DE', code: '49', lengths: [10, 11] },
  { iso: 'PT', code: '351', lengths: [9] },
  { iso: 'AD', code: '376', lengths: [6] },
  { iso: 'IS', code: '354', lengths: [7] },
] as const;

// Realistic leading digits, so a check by area code would pass too.
const NATIONAL_START: Record<string, string> = { BR: '11', US: '212', CA: '416', DE: '15', PT: '91', AD: '3', IS: '6' };

function numberOf(iso: string, code: string, length: number): string {
  const start = NATIONAL_START[iso] ?? '';
  return code + (start + '5555555555555').slice(0, length);
}

describe('phone-country records', () => {
  it('cover at least 64 countries, each with a dial code, ISO code and anchored pattern', () => {
    const list = phoneCountries();
    expect(list.length).toBeGreaterThanOrEqual(64);
    for (const record of list) {
      expect(record.code).toMatch(/^\d{1,4}$/);
      expect(record.iso).toMatch(/^[A-Z]{2}$/);
      expect(record.name.length).toBeGreaterThan(1);
      expect(record.regex.startsWith(`^${record.code}`)).toBe(true);
      expect(record.regex.endsWith('$')).toBe(true);
      expect(() => new RegExp(record.regex)).not.toThrow();
    }
    expect(new Set(list.map((r) => r.iso)).size).toBe(list.length);
  });

  it.each(SPEC_EXAMPLES)('$iso: +$code then $lengths digits', ({ iso, code, lengths }) => {
    const record = phoneCountries().find((r) => r.iso === iso);
    expect(record?.code).toBe(code);
    const pattern = new RegExp(record?.regex ?? '$^');
    const min = Math.min(...lengths);
    const max = Math.max(...lengths);
    for (const n of lengths) expect(pattern.test(numberOf(iso, code, n))).toBe(true);
    expect(pattern.test(numberOf(iso, code, min - 1))).toBe(false);
    expect(pattern.test(numberOf(iso, code, max + 1))).toBe(false);
  });

  it('builds patterns and descriptions from lengths', () => {
    expect(digitsPattern([10, 11])).toBe('\\d{10,11}');
    expect(digitsPattern([9])).toBe('\\d{9}');
    expect(digitsPattern([7, 9])).toBe('(?:\\d{7}|\\d{9})');
    expect(digitsPattern([9, 6, 7, 10])).toBe('(?:\\d{6,7}|\\d{9,10})');
    expect(describeLengths([10, 11])).toBe('10 to 11');
    expect(describeLengths([7, 9])).toBe('7 or 9');
    expect(describeLengths([9])).toBe('9');
  });

  it('finds records by ISO code or dial code, the owner for a shared code', () => {
    expect(findPhoneCountry('br')?.iso).toBe('BR');
    expect(findPhoneCountry('+55')?.iso).toBe('BR');
    expect(findPhoneCountry('1')?.iso).toBe('US');
    expect(findPhoneCountry('44')?.iso).toBe('GB');
    expect(findPhoneCountry('ZZ')).toBeUndefined();
    expect(findPhoneCountry('999')).toBeUndefined();
  });

  it('finds the country of a number by its prefix, by area code where the code is shared', () => {
    expect(phoneCountryForNumber('5511987654321')?.iso).toBe('BR');
    expect(phoneCountryForNumber('351912345678')?.iso).toBe('PT');
    expect(phoneCountryForNumber('12125550123')?.iso).toBe('US');
    expect(phoneCountryForNumber('14165550123')?.iso).toBe('CA');
    expect(phoneCountryForNumber('18765550123')?.iso).toBe('JM');
    expect(phoneCountryForNumber('0123')).toBeUndefined();
  });
});

describe('validatePhoneNumber', () => {
  it.each(SPEC_EXAMPLES)('accepts $iso numbers of the spec lengths and refuses one digit off', ({ iso, code, lengths }) => {
    const min = Math.min(...lengths);
    const max = Math.max(...lengths);
    for (const n of lengths) {
      const phone = `+${numberOf(iso, code, n)}`;
      expect(validatePhoneNumber({ phone, countryCode: iso })).toEqual({ ok: true, e164: phone, iso });
    }
    for (const n of [min - 1, max + 1]) {
      const result = validatePhoneNumber({ phone: `+${numberOf(iso, code, n)}`, countryCode: iso });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.message).toContain(`+${code} followed by`);
    }
  });

  it('finds the country from the prefix when none is given', () => {
    expect(validatePhoneNumber({ phone: '+55 (11) 98765-4321' })).toEqual({ ok: true, e164: '+5511987654321', iso: 'BR' });
    expect(validatePhoneNumber({ phone: '00351 912 345 678' })).toEqual({ ok: true, e164: '+351912345678', iso: 'PT' });
    expect(validatePhoneNumber({ phone: '+376 312 345' })).toEqual({ ok: true, e164: '+376312345', iso: 'AD' });
  });

  it('says what is wrong', () => {
    const short = validatePhoneNumber({ phone: '+55 11 9876543' });
    expect(short).toEqual({ ok: false, message: 'A phone number in Brazil is +55 followed by 10 to 11 digits' });
    const wrongCountry = validatePhoneNumber({ phone: '+351912345678', countryCode: 'BR' });
    expect(wrongCountry).toEqual({ ok: false, message: 'A phone number in Brazil must start with +55' });
    expect(validatePhoneNumber({ phone: '' }).ok).toBe(false);
    expect(validatePhoneNumber({ phone: '+55 11 9876-abcd' }).ok).toBe(false);
    expect(validatePhoneNumber({ phone: '+0 123456789' }).ok).toBe(false);
    expect(validatePhoneNumber({ phone: '+5511987654321', countryCode: 'ZZ' })).toEqual({
      ok: false,
      message: 'Unknown phone country ZZ',
    });
    expect(validatePhoneNumber({ phone: '1'.repeat(41) }).ok).toBe(false);
  });
});
