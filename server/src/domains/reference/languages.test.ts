import { describe, expect, it } from 'vitest';
import { findLanguage } from './language-data.js';
import { isRtlLanguage, languageFamilies, languageOptions, languageRecords } from './languages.js';
import { isSupportedCultureName, isSupportedTimeZone, localeList } from './locales.js';

const RTL = ['ar', 'he', 'fa', 'ur', 'ps', 'ku', 'sd', 'ug', 'yi', 'dv'];

describe('language records', () => {
  it('carry the ISO 639 codes, names, direction and family of spec section 3', () => {
    const records = languageRecords();
    expect(records.length).toBeGreaterThan(180);
    const portuguese = findLanguage('pt');
    expect(portuguese).toMatchObject({
      iso639_1: 'pt',
      iso639_2: 'por',
      iso639_2en: 'por',
      iso639_3: 'por',
      name: ['Portuguese'],
      direction: 'LTR',
      family: 'Indo-European',
    });
    expect(portuguese?.langCultureMs?.map((c) => c.langCultureName)).toContain('pt-BR');
    expect(findLanguage('por')).toBe(portuguese);
    expect(languageFamilies().length).toBeGreaterThanOrEqual(25);
    for (const record of records.filter((r) => r.family !== '')) expect(languageFamilies()).toContain(record.family);
    // The shipped file misspells the direction key on its later records; all are read.
    expect(records.every((r) => r.direction === 'LTR' || r.direction === 'RTL')).toBe(true);
    expect(records.every((r) => r.name.every((n) => n === n.trim() && n !== ''))).toBe(true);
  });

  it('mark the spec right-to-left languages RTL, and others by their usual script', () => {
    const rtl = languageRecords()
      .filter((l) => l.direction === 'RTL')
      .map((l) => l.iso639_1 || l.iso639_3);
    expect(rtl).toEqual(expect.arrayContaining([...RTL, 'ks', 'prs', 'syr']));
    for (const ltr of ['en', 'pt', 'es', 'tr', 'hi', 'zh', 'ru', 'az', 'ms']) expect(findLanguage(ltr)?.direction, ltr).toBe('LTR');
  });

  it('simple list has two-letter codes sorted by name', () => {
    const options = languageOptions();
    expect(options.length).toBeGreaterThan(150);
    expect(options.every((o) => /^[a-z]{2}$/.test(o.code))).toBe(true);
    const names = options.map((o) => o.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(options.find((o) => o.code === 'ar')).toMatchObject({ name: 'Arabic', direction: 'RTL' });
  });
});

describe('isRtlLanguage', () => {
  it.each(RTL)('%s is right to left', (code) => {
    expect(isRtlLanguage(code)).toBe(true);
  });

  it('reads region and script subtags', () => {
    expect(isRtlLanguage('ar-EG')).toBe(true);
    expect(isRtlLanguage('fa_IR')).toBe(true);
    expect(isRtlLanguage('ara')).toBe(true);
    expect(isRtlLanguage('ckb')).toBe(true); // not in the records: CLDR's likely script
    expect(isRtlLanguage('fa-Latn')).toBe(false);
    expect(isRtlLanguage('pa-Arab-PK')).toBe(true);
    expect(isRtlLanguage('ku-Latn-TR')).toBe(false);
    expect(isRtlLanguage('pt-BR')).toBe(false);
    expect(isRtlLanguage('en')).toBe(false);
    expect(isRtlLanguage('')).toBe(false);
    expect(isRtlLanguage('not a tag')).toBe(false);
  });
});

describe('locales and culture names', () => {
  it('lists language-region pairs, some with a script', () => {
    const list = localeList();
    expect(list.length).toBeGreaterThan(200);
    expect(list.find((l) => l.tag === 'pt-BR')).toEqual({
      tag: 'pt-BR',
      language: 'pt',
      region: 'BR',
      name: 'Portuguese (Brazil)',
    });
    expect(list.find((l) => l.tag === 'az-Cyrl-AZ')).toMatchObject({ language: 'az', script: 'Cyrl', region: 'AZ' });
  });

  it('accepts only culture names on the list (spec section 5)', () => {
    for (const tag of ['pt-BR', 'en-US', 'pt-PT', 'es-MX', 'pt_br', 'PT-br', 'az-Cyrl-AZ', 'en', 'pt', 'es']) {
      expect(isSupportedCultureName(tag), tag).toBe(true);
    }
    for (const tag of ['', 'xx-YY', 'pt-XX', 'klingon', 'en-US; drop table', 'a'.repeat(30)]) {
      expect(isSupportedCultureName(tag), tag).toBe(false);
    }
  });

  it('accepts known time zones only', () => {
    expect(isSupportedTimeZone('America/Sao_Paulo')).toBe(true);
    expect(isSupportedTimeZone('UTC')).toBe(true);
    expect(isSupportedTimeZone('Europe/Lisbon')).toBe(true);
    expect(isSupportedTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isSupportedTimeZone('')).toBe(false);
  });
});
