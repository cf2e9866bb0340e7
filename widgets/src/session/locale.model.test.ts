import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api/api-client.js';
import { i18n, setLocale } from '../i18n/index.js';
import { chooseLocale, LOCALE_COOKIE, LOCALE_STORAGE_KEY, localeDir, RTL_LANGUAGES } from './locale-choice.js';
import { createLocaleModel } from './locale.model.js';
import { createTypedApi } from '../api/typed-api.js';
import { createSettingsModel, type SettingsModel } from './settings.model.js';
import { createFakeTransport, ok, type FakeTransport } from './testing/fake-transport.js';

function clearCaches(): void {
  localStorage.removeItem(LOCALE_STORAGE_KEY);
  sessionStorage.removeItem(LOCALE_STORAGE_KEY);
  document.cookie = `${LOCALE_COOKIE}=; path=/; max-age=0`;
}

function cookieValue(name: string): string | undefined {
  return document.cookie
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([key]) => key === name)?.[1];
}

let transport: FakeTransport;
let settings: SettingsModel;
const disposers: (() => void)[] = [];

function model(search: string, requested: string | null = null) {
  const created = createLocaleModel({ settings, search, requested });
  disposers.push(created.dispose);
  return created;
}

beforeEach(async () => {
  clearCaches();
  await setLocale('pt-BR');
  transport = createFakeTransport();
  settings = createSettingsModel(createTypedApi(createApiClient({ transport, onUnauthorized: () => undefined })));
});

afterEach(async () => {
  for (const dispose of disposers.splice(0)) dispose();
  clearCaches();
  await setLocale('pt-BR');
});

describe('locale choice (spec section 2)', () => {
  const settingsWith = { supportedLocales: ['pt-BR', 'en', 'es'], defaultLocale: 'pt-BR' };

  it('takes the query parameter, then the element or router, then the cache, then the default', () => {
    expect(chooseLocale({ query: 'es', requested: 'en', cached: 'en', settings: settingsWith })).toEqual({ locale: 'es', source: 'query' });
    expect(chooseLocale({ query: null, requested: 'en', cached: 'es', settings: settingsWith })).toEqual({ locale: 'en', source: 'requested' });
    expect(chooseLocale({ cached: 'es', settings: settingsWith })).toEqual({ locale: 'es', source: 'cached' });
    expect(chooseLocale({ settings: { ...settingsWith, defaultLocale: 'en' } })).toEqual({ locale: 'en', source: 'default' });
    expect(chooseLocale({})).toEqual({ locale: 'pt-BR', source: 'default' });
  });

  it('uses a candidate only when it is a supported locale, in its supported spelling', () => {
    expect(chooseLocale({ query: 'fr', requested: 'de', cached: 'xx', settings: settingsWith })).toEqual({ locale: 'pt-BR', source: 'default' });
    expect(chooseLocale({ query: 'PT_br', settings: settingsWith }).locale).toBe('pt-BR');
    expect(chooseLocale({ query: 'es', settings: { supportedLocales: ['pt-BR', 'en'] } }).locale).toBe('pt-BR');
    expect(chooseLocale({ chosen: 'en', query: 'es', settings: settingsWith })).toEqual({ locale: 'en', source: 'chosen' });
  });

  it('sets dir="rtl" for the right-to-left languages only', () => {
    expect(RTL_LANGUAGES).toEqual(['ar', 'he', 'fa', 'ur', 'ps', 'ku', 'sd', 'ug', 'yi', 'dv']);
    for (const tag of RTL_LANGUAGES) expect(localeDir(tag)).toBe('rtl');
    expect(localeDir('ar-EG')).toBe('rtl');
    expect(localeDir('he_IL')).toBe('rtl');
    for (const tag of ['pt-BR', 'en', 'es', 'tr', 'hi']) expect(localeDir(tag)).toBe('ltr');
  });
});

describe('locale model', () => {
  it('switches i18next and caches the query choice in local storage, a cookie and session storage', async () => {
    const locale = model('?locale=es');
    expect(locale.current.value).toBe('es');
    expect(locale.source.value).toBe('query');
    // i18next switches once the texts in use are fetched for the new locale.
    await vi.waitFor(() => expect(i18n.language).toBe('es'));
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('es');
    expect(sessionStorage.getItem(LOCALE_STORAGE_KEY)).toBe('es');
    expect(cookieValue(LOCALE_COOKIE)).toBe('es');
  });

  it('reads a cached choice back, session storage first, and does not re-cache the default', () => {
    sessionStorage.setItem(LOCALE_STORAGE_KEY, 'en');
    localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    const locale = model('');
    expect(locale.current.value).toBe('en');
    expect(locale.source.value).toBe('cached');
    sessionStorage.removeItem(LOCALE_STORAGE_KEY);
    expect(model('').current.value).toBe('es');
    clearCaches();
    document.cookie = `${LOCALE_COOKIE}=en; path=/`;
    expect(model('').current.value).toBe('en');
    clearCaches();
    const fresh = model('');
    expect(fresh.current.value).toBe('pt-BR');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBeNull();
  });

  it("neither reads nor writes the page's storage for a locale the page asks for", () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    const getItem = vi.spyOn(Storage.prototype, 'getItem');
    const locale = model('', 'en');
    expect(locale.current.value).toBe('en');
    expect(locale.source.value).toBe('requested');
    expect(getItem).not.toHaveBeenCalled();
    getItem.mockRestore();
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('es');
    expect(cookieValue(LOCALE_COOKIE)).not.toBe('en');
  });

  it('chooses again when the settings arrive: a locale they support becomes valid, with its direction', async () => {
    const locale = model('?locale=ar');
    expect(locale.current.value).toBe('pt-BR');
    expect(locale.dir.value).toBe('ltr');

    transport.respond('GET', '/settings/public', ok({ supportedLocales: ['pt-BR', 'en', 'ar'], defaultLocale: 'pt-BR' }));
    await settings.load();

    expect(locale.supported.value).toEqual(['pt-BR', 'en', 'ar']);
    expect(locale.current.value).toBe('ar');
    expect(locale.dir.value).toBe('rtl');
    // No Arabic catalogue yet: the text falls back to English, the direction is still rtl.
    await vi.waitFor(() => expect(i18n.language).toBe('en'));
  });

  it('set() accepts a supported locale and caches it, and refuses any other without changing', async () => {
    const locale = model('', 'en');
    expect(locale.current.value).toBe('en');
    const chosen = await locale.set('ES');
    expect(chosen).toEqual({ ok: true, value: 'es' });
    expect(locale.current.value).toBe('es');
    expect(i18n.language).toBe('es');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('es');

    const refused = await locale.set('fr');
    expect(refused.ok).toBe(false);
    expect(locale.current.value).toBe('es');
  });
});
