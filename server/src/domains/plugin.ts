/**
 * Server domains as plugins. A domain names the domains it builds on (`dependsOn`),
 * registers its routes under /api, and may hand out an extension point for later domains
 * (the wallet's `registerChargeHandler`, the accounts base's lookups). Domains are
 * registered in dependency order; a missing dependency or a cycle stops the app at start
 * with a message naming them.
 *
 * A domain's extension point is typed by augmenting `DomainExtensions`:
 *
 *   declare module '../plugin.js' { interface DomainExtensions { wallet: WalletExtension } }
 */
import type { RouteSpec } from '@fandeck/contract';
import type { AppContext } from '../context.js';
import type { ApiScope } from './types.js';

/** What each domain provides to the domains that depend on it; augmented per domain. */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface DomainExtensions {}

export type DomainName = keyof DomainExtensions | (string & {});

/** Read access to the extension points of the domains registered so far. */
export interface DomainDeps {
  get<N extends keyof DomainExtensions>(name: N): DomainExtensions[N];
}

export interface DomainPlugin<N extends string = string> {
  name: N;
  dependsOn?: readonly DomainName[];
  /**
   * Routes a bench's or test's own domain serves that the contract does not declare (the tip
   * bench's bare insert), with their access. Read only from `BuildOptions.extraDomains`: an
   * app domain serves contract routes alone, or the app does not start.
   */
  offContract?: readonly RouteSpec[];
  /** Registers routes; returns the extension point (or nothing). */
  register(
    api: ApiScope,
    ctx: AppContext,
    deps: DomainDeps,
  ): Promise<N extends keyof DomainExtensions ? DomainExtensions[N] : void> | (N extends keyof DomainExtensions ? DomainExtensions[N] : void);
}

export const defineDomain = <N extends string>(plugin: DomainPlugin<N>): DomainPlugin<N> => plugin;

/** The plugins in an order where each comes after everything it depends on. */
export function dependencyOrder(plugins: readonly DomainPlugin[]): DomainPlugin[] {
  const byName = new Map(plugins.map((plugin) => [plugin.name, plugin]));
  const ordered: DomainPlugin[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (plugin: DomainPlugin, path: string[]) => {
    const seen = state.get(plugin.name);
    if (seen === 'done') return;
    if (seen === 'visiting') throw new Error(`Domain dependency cycle: ${[...path, plugin.name].join(' -> ')}`);
    state.set(plugin.name, 'visiting');
    for (const name of plugin.dependsOn ?? []) {
      const dependency = byName.get(name);
      if (!dependency) throw new Error(`Domain "${plugin.name}" depends on "${name}", which is not registered`);
      visit(dependency, [...path, plugin.name]);
    }
    state.set(plugin.name, 'done');
    ordered.push(plugin);
  };
  for (const plugin of plugins) visit(plugin, []);
  return ordered;
}

/** Registers every domain in dependency order, each in its own encapsulated scope. */
export async function registerDomains(api: ApiScope, ctx: AppContext, plugins: readonly DomainPlugin[]): Promise<void> {
  const provided = new Map<string, unknown>();
  const deps: DomainDeps = {
    get(name) {
      if (!provided.has(name)) throw new Error(`Domain extension "${String(name)}" is not available here; add it to dependsOn`);
      return provided.get(name) as never;
    },
  };
  for (const plugin of dependencyOrder(plugins)) {
    let extension: unknown;
    await api.register(async (scope) => {
      extension = await plugin.register(scope as ApiScope, ctx, deps);
    });
    provided.set(plugin.name, extension);
  }
}
