import { describe, expect, it } from 'vitest';
import { defaultLocale, i18n, resolveLocale, setLocale, supportedLocales } from './index.js';

type Tree = { [key: string]: string | Tree };

// Every locale file of the widgets and of the host site, read at once for the comparison.
const files = import.meta.glob<{ default: Tree }>(
  ['./locales/*/{pt-BR,en,es}.ts', '../*/locales/{pt-BR,en,es}.ts', '../../../host/src/locales/*/{pt-BR,en,es}.ts'],
  { eager: true },
);

function namespaceFiles(): Map<string, Map<string, Tree>> {
  const out = new Map<string, Map<string, Tree>>();
  for (const [path, file] of Object.entries(files)) {
    const parts = path.replace(/\.ts$/, '').split('/');
    const locale = parts.at(-1) ?? '';
    const namespace = (parts.at(-2) === 'locales' ? parts.at(-3) : parts.at(-2)) ?? '';
    out.set(namespace, (out.get(namespace) ?? new Map()).set(locale, file.default));
  }
  return out;
}

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1] ?? '').sort();

describe('translations', () => {
  const namespaces = namespaceFiles();

  it('are split into the namespaces views use, shared, feature and host ones', () => {
    expect([...namespaces.keys()]).toEqual(
      expect.arrayContaining(['common', 'errors', 'notices', 'embed', 'login', 'tip', 'wallet', 'site', 'home']),
    );
  });

  it.each([...namespaceFiles().keys()])('namespace %s has exactly the keys of pt-BR in every locale, non-empty, same placeholders', (name) => {
    const byLocale = namespaces.get(name)!;
    expect([...byLocale.keys()].sort()).toEqual([...supportedLocales].sort());
    const reference = leaves(byLocale.get('pt-BR')!);
    expect(reference.size).toBeGreaterThan(0);
    for (const locale of supportedLocales) {
      const texts = leaves(byLocale.get(locale)!);
      expect([...texts.keys()].sort(), `${name} ${locale}`).toEqual([...reference.keys()].sort());
      for (const [key, text] of texts) {
        expect(text.trim().length, `${name}.${key} ${locale}`).toBeGreaterThan(0);
        expect(placeholders(text), `${name}.${key} ${locale}`).toEqual(placeholders(reference.get(key)!));
      }
    }
  });
});

describe('locales', () => {
  it('defaults to pt-BR and accepts only supported locales', () => {
    expect(defaultLocale).toBe('pt-BR');
    expect(resolveLocale('en')).toBe('en');
    expect(resolveLocale('PT-br')).toBe('pt-BR');
    expect(resolveLocale('fr')).toBe('pt-BR');
    expect(resolveLocale(undefined)).toBe('pt-BR');
  });

  it('switches language, loading the namespaces in use for the new locale first', async () => {
    await setLocale('xx');
    expect(i18n.language).toBe('pt-BR');
    await i18n.loadNamespaces(['login', 'ui']);
    expect(i18n.t('ui.incorrectCredentials')).toBe('Credenciais incorretas!');
    await setLocale('es');
    // Already there when the language changed: no view sees a key without its text.
    expect(i18n.t('ui.incorrectCredentials')).toBe('¡Credenciales incorrectas!');
    expect(i18n.t('login.signedInAs', { name: 'Ana' })).toBe('Sesión iniciada como Ana');
    await setLocale('pt-BR');
  });
});
