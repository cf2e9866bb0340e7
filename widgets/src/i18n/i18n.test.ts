import { describe, expect, it } from 'vitest';
import { catalogues, defaultLocale, i18n, localizeServerMessage, resolveLocale, setLocale, supportedLocales } from './index.js';

function leaves(tree: object, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') for (const [k, v] of leaves(value, path)) out.set(k, v);
    else out.set(path, value);
  }
  return out;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1] ?? '').sort();
}

describe('i18n', () => {
  const reference = leaves(catalogues['pt-BR']);

  it.each(supportedLocales)('%s has exactly the keys of pt-BR, all non-empty, same placeholders', (locale) => {
    const catalogue = leaves(catalogues[locale]);
    expect([...catalogue.keys()].sort()).toEqual([...reference.keys()].sort());
    for (const [key, text] of catalogue) {
      expect(typeof text === 'string' && text.trim().length > 0, key).toBe(true);
      expect(placeholders(String(text)), key).toEqual(placeholders(String(reference.get(key))));
    }
  });

  it('defaults to pt-BR and accepts only supported locales', () => {
    expect(defaultLocale).toBe('pt-BR');
    expect(resolveLocale('en')).toBe('en');
    expect(resolveLocale('PT-br')).toBe('pt-BR');
    expect(resolveLocale('fr')).toBe('pt-BR');
    expect(resolveLocale(undefined)).toBe('pt-BR');
  });

  it('translates with interpolation and switches language', async () => {
    await setLocale('pt-BR');
    expect(i18n.t('home.signedInAs', { name: 'Ana' })).toBe('Conectado como Ana');
    await setLocale('es');
    expect(i18n.t('login.incorrectCredentials')).toBe('¡Credenciales incorrectas!');
    await setLocale('xx');
    expect(i18n.language).toBe('pt-BR');
  });

  it('shows known English server messages in the active language and others as sent', async () => {
    await setLocale('pt-BR');
    expect(localizeServerMessage('Incorrect credentials!')).toBe('Credenciais incorretas!');
    expect(localizeServerMessage('Unauthorized or forbidden action!')).toBe('Ação não autorizada ou proibida!');
    expect(localizeServerMessage('Your account is suspended')).toBe('Your account is suspended');
  });
});
