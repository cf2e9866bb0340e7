/**
 * What `i18next` resolves to in the embed build and the host site (see `i18nLiteAliases`
 * in vite.config.ts): the part of i18next's API the views and the i18n folder use, in
 * about a tenth of its bytes. Types come from i18next itself at type-check time, so the
 * code written against it does not change; the `widgets-preact` test project runs the
 * i18n and element tests on this file to prove it behaves the same.
 *
 * Supported: `createInstance().use(backend | 3rdParty).init(options)` with `lng`, `ns`,
 * `defaultNS`, `nsSeparator`/`keySeparator` (a first segment is a namespace when it is in
 * `ns`, as in i18next), `appendNamespaceToMissingKey`, `parseMissingKeyHandler`,
 * `{{name}}` interpolation without escaping; `t(key, options | defaultValue)` with `lng`
 * and `ns`; `exists`, `hasResourceBundle`, `addResourceBundle` (emits the store's
 * `added`), `getResourceBundle`, `loadNamespaces`, `changeLanguage` (loads the namespaces
 * in use first, then emits `languageChanged`), `cloneInstance` (shares the store), `dir`,
 * `on`/`off`. Plurals: `key_one` / `key_other` by `count` (Intl.PluralRules). Not supported: contexts, nesting, formatters, fallback languages.
 */

type Listener = (...args: unknown[]) => void;
type Tree = Record<string, unknown>;
type TOptions = Record<string, unknown> & { lng?: string; ns?: string | readonly string[]; defaultValue?: unknown };

export interface BackendModule {
  type: 'backend';
  init?: (...args: unknown[]) => void;
  read(language: string, namespace: string, callback: (error: unknown, data: Tree | false) => void): void;
}
export interface ThirdPartyModule {
  type: '3rdParty';
  init(instance: LiteI18n): void;
}

export interface InitOptions {
  lng?: string;
  ns?: string[];
  defaultNS?: string;
  nsSeparator?: string | false;
  keySeparator?: string | false;
  appendNamespaceToMissingKey?: boolean;
  parseMissingKeyHandler?: (key: string, defaultValue: unknown, options: TOptions) => string;
  [option: string]: unknown;
}

class Emitter {
  private readonly listeners = new Map<string, Set<Listener>>();
  on(event: string, listener: Listener): this {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener);
    return this;
  }
  off(event: string, listener?: Listener): this {
    if (listener) this.listeners.get(event)?.delete(listener);
    else this.listeners.delete(event);
    return this;
  }
  emit(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }
}

/** The catalogues, shared by an instance and its clones: language → namespace → texts. */
class Store extends Emitter {
  readonly data: Record<string, Record<string, Tree>> = {};
  has(language: string, namespace: string): boolean {
    return Boolean(this.data[language]?.[namespace]);
  }
  add(language: string, namespace: string, texts: Tree): void {
    const languages = (this.data[language] ??= {});
    languages[namespace] = merge(languages[namespace] ?? {}, texts);
    this.emit('added', language, namespace);
  }
}

function merge(into: Tree, from: Tree): Tree {
  const out: Tree = { ...into };
  for (const [key, value] of Object.entries(from)) {
    const current = out[key];
    out[key] = isTree(value) && isTree(current) ? merge(current, value) : value;
  }
  return out;
}

const isTree = (value: unknown): value is Tree => typeof value === 'object' && value !== null && !Array.isArray(value);
const RTL = new Set(['ar', 'he', 'fa', 'ur', 'ps', 'ku', 'sd', 'ug', 'yi', 'dv']);

interface Shared {
  store: Store;
  options: InitOptions & { ns: string[] };
  backend: BackendModule | null;
}

export class LiteI18n extends Emitter {
  language: string;
  isInitialized = false;
  /** The language a `changeLanguage` is loading, as i18next marks it (the host reads it before its first paint). */
  isLanguageChangingTo: string | undefined;

  constructor(
    private readonly shared: Shared,
    language: string,
  ) {
    super();
    this.language = language;
  }

  get languages(): string[] {
    return [this.language];
  }
  get options(): Shared['options'] {
    return this.shared.options;
  }
  get store(): Store {
    return this.shared.store;
  }

  use(module: BackendModule | ThirdPartyModule): this {
    if (module.type === 'backend') this.shared.backend = module;
    else module.init(this);
    return this;
  }

  init(options: InitOptions = {}, callback?: (error: unknown, t: LiteI18n['t']) => void): Promise<LiteI18n['t']> {
    Object.assign(this.shared.options, options, { ns: [...(options.ns ?? this.shared.options.ns)] });
    if (options.lng) this.language = options.lng;
    this.isInitialized = true;
    this.emit('initialized', this.shared.options);
    callback?.(null, this.t);
    return Promise.resolve(this.t);
  }

  /** `ns.key` (when `ns` is in use) or `key` of the default namespace, interpolated; missing keys go to the handler. */
  readonly t = (key: string, second?: TOptions | string, third?: TOptions): string => {
    const options: TOptions = typeof second === 'string' ? { ...third, defaultValue: second } : (second ?? {});
    const { namespace, path } = this.split(key, options);
    const language = options.lng ?? this.language;
    const found = this.lookupCounted(language, namespace, path, options.count);
    if (typeof found === 'string') return interpolate(found, options);
    const { parseMissingKeyHandler, appendNamespaceToMissingKey, nsSeparator = ':' } = this.shared.options;
    const defaultValue = typeof options.defaultValue === 'string' ? interpolate(options.defaultValue, options) : undefined;
    if (!parseMissingKeyHandler) return defaultValue ?? path;
    const missingKey = appendNamespaceToMissingKey ? `${namespace}${nsSeparator || ':'}${path}` : path;
    return parseMissingKeyHandler(missingKey, defaultValue, options);
  };

  exists(key: string, options: TOptions = {}): boolean {
    const { namespace, path } = this.split(key, options);
    return typeof this.lookup(options.lng ?? this.language, namespace, path) === 'string';
  }

  hasResourceBundle(language: string, namespace: string): boolean {
    return this.shared.store.has(language, namespace);
  }

  getResourceBundle(language: string, namespace: string): Tree | undefined {
    return this.shared.store.data[language]?.[namespace];
  }

  addResourceBundle(language: string, namespace: string, texts: Tree): this {
    this.shared.store.add(language, namespace, texts);
    return this;
  }

  /** Loads namespaces for this instance's language through the backend; they join `ns`. */
  async loadNamespaces(namespaces: string | readonly string[]): Promise<void> {
    const list = typeof namespaces === 'string' ? [namespaces] : [...namespaces];
    for (const namespace of list) if (!this.shared.options.ns.includes(namespace)) this.shared.options.ns.push(namespace);
    await this.load(this.language, list);
  }

  /** Loads the namespaces in use for the new language, then switches and tells the listeners. */
  async changeLanguage(language?: string): Promise<LiteI18n['t']> {
    const next = language ?? this.language;
    this.isLanguageChangingTo = next;
    // Namespaces that come into use while these load (a page loading its texts) are loaded
    // too before the switch, each tried once.
    const tried = new Set<string>();
    for (;;) {
      const untried = this.shared.options.ns.filter((namespace) => !tried.has(namespace));
      if (untried.length === 0) break;
      for (const namespace of untried) tried.add(namespace);
      await this.load(next, untried).catch(() => undefined);
    }
    // A later call won the race: its language stands.
    if (this.isLanguageChangingTo !== next) return this.t;
    this.isLanguageChangingTo = undefined;
    if (next !== this.language) {
      this.language = next;
      this.emit('languageChanged', next);
    }
    return this.t;
  }

  cloneInstance(options: InitOptions = {}): LiteI18n {
    const clone = new LiteI18n(this.shared, options.lng ?? this.language);
    clone.isInitialized = true;
    return clone;
  }

  dir(language: string = this.language): 'ltr' | 'rtl' {
    return RTL.has(language.split(/[-_]/)[0]?.toLowerCase() ?? '') ? 'rtl' : 'ltr';
  }

  private async load(language: string, namespaces: readonly string[]): Promise<void> {
    const backend = this.shared.backend;
    if (!backend) return;
    const missing = namespaces.filter((namespace) => !this.hasResourceBundle(language, namespace));
    const failures: unknown[] = [];
    await Promise.all(
      missing.map(
        (namespace) =>
          new Promise<void>((resolve) =>
            backend.read(language, namespace, (error, texts) => {
              if (error || !texts) failures.push(error);
              else this.addResourceBundle(language, namespace, texts);
              resolve();
            }),
          ),
      ),
    );
    if (failures.length > 0) throw failures[0] instanceof Error ? failures[0] : new Error(String(failures[0]));
  }

  private split(key: string, options: TOptions): { namespace: string; path: string } {
    const { nsSeparator = ':', keySeparator = '.', ns, defaultNS = 'translation' } = this.shared.options;
    const given = typeof options.ns === 'string' ? options.ns : options.ns?.[0];
    let namespace = given ?? defaultNS;
    let path = key;
    if (nsSeparator && key.includes(nsSeparator)) {
      const parts = key.split(nsSeparator);
      // With one separator for both, a first part is a namespace only when it is one in use (as i18next).
      if (nsSeparator !== keySeparator || ns.includes(parts[0] ?? '')) {
        namespace = parts.shift() ?? namespace;
        path = parts.join(keySeparator || '.');
      }
    }
    return { namespace, path };
  }

  /** With a numeric `count`: `key_one` / `key_other` (the language's plural category, then other), as i18next does; else `key`. */
  private lookupCounted(language: string, namespace: string, path: string, count: unknown): unknown {
    if (typeof count !== 'number') return this.lookup(language, namespace, path);
    const category = pluralCategory(language, count);
    for (const candidate of [`${path}_${category}`, `${path}_other`, path]) {
      const found = this.lookup(language, namespace, candidate);
      if (typeof found === 'string') return found;
    }
    return undefined;
  }

  private lookup(language: string, namespace: string, path: string): unknown {
    let node: unknown = this.shared.store.data[language]?.[namespace];
    const { keySeparator = '.' } = this.shared.options;
    for (const part of keySeparator ? path.split(keySeparator) : [path]) {
      if (!isTree(node)) return undefined;
      node = node[part];
    }
    return node;
  }
}

function pluralCategory(language: string, count: number): string {
  try {
    return new Intl.PluralRules(language).select(count);
  } catch {
    return count === 1 ? 'one' : 'other';
  }
}

function interpolate(text: string, values: TOptions): string {
  if (!text.includes('{{')) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_match, name: string) => {
    const value = values[name];
    return value === undefined || value === null ? '' : String(value);
  });
}

function createInstance(options?: InitOptions): LiteI18n {
  const instance = new LiteI18n({ store: new Store(), options: { ns: [] }, backend: null }, options?.lng ?? 'dev');
  if (options) void instance.init(options);
  return instance;
}

const i18next = Object.assign(createInstance(), { createInstance });
export default i18next;
export { createInstance };
