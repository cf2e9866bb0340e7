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

  it('say counts with plurals (`_one` / `_other`), never "(s)": one day, seven days', async () => {
    for (const [namespace, byLocale] of namespaces) {
      for (const [locale, tree] of byLocale) {
        for (const [key, text] of leaves(tree)) expect(text, `${namespace}:${key} (${locale})`).not.toMatch(/\((s|es)\)/);
      }
    }
    // The site's own instance (the lite one in the preact build), with the texts added as loaded.
    const said = async (lng: string) => {
      for (const [namespace, byLocale] of namespaces) {
        const texts = byLocale.get(lng);
        if (texts) i18n.addResourceBundle(lng, namespace, texts);
      }
      await i18n.loadNamespaces(['subscribe', 'creators', 'list']);
      return (key: string, count: number) => i18n.t(key as 'siteName', { count, lng });
    };
    const pt = await said('pt-BR');
    expect([pt('subscribe.free', 1), pt('subscribe.free', 7)]).toEqual(['Assinatura grátis por 1 dia', 'Assinatura grátis por 7 dias']);
    expect([pt('creators.freeDays', 1), pt('creators.freeDays', 30)]).toEqual(['Grátis por 1 dia', 'Grátis por 30 dias']);
    expect([pt('list.total', 1), pt('list.total', 12)]).toEqual(['1 resultado', '12 resultados']);
    const en = await said('en');
    expect([en('creators.freeDays', 1), en('creators.freeDays', 7), en('list.total', 1)]).toEqual(['Free for 1 day', 'Free for 7 days', '1 result']);
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
