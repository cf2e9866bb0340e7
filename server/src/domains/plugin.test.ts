import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../context.js';
import { defineDomain, dependencyOrder, registerDomains, type DomainPlugin } from './plugin.js';
import type { ApiScope } from './types.js';

const plugin = (name: string, dependsOn: string[] = [], register: DomainPlugin['register'] = () => undefined): DomainPlugin =>
  defineDomain({ name, dependsOn, register });
const names = (plugins: readonly DomainPlugin[]) => plugins.map((p) => p.name);

describe('dependencyOrder', () => {
  it('puts every domain after the ones it depends on, keeping the given order otherwise', () => {
    const order = names(
      dependencyOrder([plugin('users', ['auth', 'accounts']), plugin('settings'), plugin('auth', ['accounts']), plugin('accounts'), plugin('reference')]),
    );
    expect(order).toEqual(['accounts', 'auth', 'users', 'settings', 'reference']);
  });

  it('lists a domain shared by several dependents once', () => {
    const order = names(dependencyOrder([plugin('users', ['accounts']), plugin('performers', ['accounts']), plugin('accounts')]));
    expect(order).toEqual(['accounts', 'users', 'performers']);
  });

  it('names the domain and the dependency that is missing', () => {
    expect(() => dependencyOrder([plugin('accounts'), plugin('auth', ['accounts', 'settings'])])).toThrow(
      'Domain "auth" depends on "settings", which is not registered',
    );
  });

  it('names the whole cycle', () => {
    expect(() => dependencyOrder([plugin('wallet', ['payments']), plugin('payments', ['coupons']), plugin('coupons', ['wallet'])])).toThrow(
      'Domain dependency cycle: wallet -> payments -> coupons -> wallet',
    );
    expect(() => dependencyOrder([plugin('alone', ['alone'])])).toThrow('Domain dependency cycle: alone -> alone');
  });
});

describe('registerDomains', () => {
  const ctx = {} as AppContext;

  it('hands each domain the extensions of the domains registered before it, and registers their routes', async () => {
    const app = Fastify();
    const seen: unknown[] = [];
    await registerDomains(app as unknown as ApiScope, ctx, [
      plugin('consumer', ['provider'], (api, _ctx, deps) => {
        seen.push((deps as { get(name: string): unknown }).get('provider'));
        api.get('/consumer', async () => 'ok');
      }),
      plugin('provider', [], () => ({ greet: 'hello' }) as never),
    ]);
    expect(seen).toEqual([{ greet: 'hello' }]);
    expect((await app.inject({ method: 'GET', url: '/consumer' })).body).toBe('ok');
    await app.close();
  });

  it('refuses an extension a domain did not wait for', async () => {
    const app = Fastify();
    const registering = registerDomains(app as unknown as ApiScope, ctx, [
      plugin('early', [], (_api, _ctx, deps) => {
        (deps as { get(name: string): unknown }).get('late');
      }),
      plugin('late'),
    ]);
    await expect(registering).rejects.toThrow('Domain extension "late" is not available here; add it to dependsOn');
    await app.close();
  });
});
