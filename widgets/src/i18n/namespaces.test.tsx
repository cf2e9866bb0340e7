import { Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasNamespaces, i18n, loadNamespaces, registerNamespaceFiles, setLocale, useNamespaces, useTranslation } from './index.js';

// A key of a namespace the test made up, which the typed `t` does not know.
const looseT = (key: string, options?: Record<string, unknown>) => (i18n.t as unknown as (k: string, o?: object) => string)(key, options);

afterEach(async () => {
  await setLocale('pt-BR');
});

describe('namespaces', () => {
  it('loads a namespace for the active locale only', async () => {
    expect(hasNamespaces(['tip'], 'pt-BR')).toBe(false);
    await loadNamespaces(['tip']);
    expect(hasNamespaces(['tip'], 'pt-BR')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'tip')).toBe(false);
    expect(i18n.hasResourceBundle('es', 'tip')).toBe(false);
    expect(i18n.t('tip.amount')).toBe('Valor da gorjeta');
  });

  it('loads the namespaces in use for a new locale before switching to it', async () => {
    await loadNamespaces(['tip']);
    const seen: string[] = [];
    const record = () => seen.push(i18n.t('tip.amount'));
    i18n.on('languageChanged', record);
    await setLocale('es');
    i18n.off('languageChanged', record);
    expect(seen).toEqual(['Monto de la propina']);
    expect(i18n.hasResourceBundle('en', 'tip')).toBe(false);
  });

  it('shows nothing, never the raw key, while a namespace nobody loaded arrives, then its text', async () => {
    expect(i18n.hasResourceBundle('pt-BR', 'wallet')).toBe(false);
    expect(i18n.t('wallet.amount')).toBe('');
    await vi.waitFor(() => expect(i18n.t('wallet.amount')).toBe('Valor da recarga'));
  });

  it('shows an unknown key as itself, so it gets noticed', async () => {
    await loadNamespaces(['tip']);
    await vi.waitFor(() => expect(looseT('tip.nope')).toBe('tip.nope'));
    await vi.waitFor(() => expect(looseT('nothing.here')).toBe('common.nothing.here'));
  });

  it('fetches the en file only when a locale lacks a key, and shows its text', async () => {
    const fetched: string[] = [];
    const file = (locale: string, texts: Record<string, string>) => async () => {
      fetched.push(locale);
      return { default: texts };
    };
    registerNamespaceFiles({
      'sample/locales/pt-BR.ts': file('pt-BR', { hello: 'Olá {{name}}' }),
      'sample/locales/en.ts': file('en', { hello: 'Hello {{name}}', bye: 'Bye {{name}}' }),
      'sample/locales/es.ts': file('es', { hello: 'Hola {{name}}' }),
    });
    await loadNamespaces(['sample' as 'tip']);
    expect(looseT('sample.hello', { name: 'Ana' })).toBe('Olá Ana');
    expect(fetched).toEqual(['pt-BR']);
    expect(looseT('sample.bye', { name: 'Ana' })).toBe('');
    await vi.waitFor(() => expect(looseT('sample.bye', { name: 'Ana' })).toBe('Bye Ana'));
    expect(fetched).toContain('en');
  });
});

describe('useNamespaces', () => {
  it('holds a view back until its texts are there, so its first paint is translated', async () => {
    const painted: string[] = [];
    function View() {
      useNamespaces('login');
      const { t } = useTranslation();
      const text = t('login.forgotTitle');
      painted.push(text);
      return <p>{text}</p>;
    }
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    root.render(
      <Suspense fallback={null}>
        <View />
      </Suspense>,
    );
    await vi.waitFor(() => expect(host.textContent).toBe('Recuperar senha'));
    expect(painted.every((text) => text === 'Recuperar senha')).toBe(true);
    root.unmount();
    host.remove();
  });
});
