import { isLocale, type Locale } from './locale.js';

/**
 * A namespace's texts as every locale must provide them: the keys of the pt-BR file,
 * any string as each text. Locale files end with `satisfies TextsOf<typeof ptBR>`.
 */
export type TextsOf<T> = { [K in keyof T]: T[K] extends string ? string : TextsOf<T[K]> };

/** What a locale file exports: one namespace's texts in one locale. */
export interface TextsModule {
  default: Record<string, unknown>;
}
export type TextsLoader = () => Promise<TextsModule>;

type Registry = Map<string, Partial<Record<Locale, TextsLoader>>>;

// Shared through a global symbol like the i18next instance, so a namespace registered by
// one bundle (the host's) is found by the instance another bundle created.
const registryKey = Symbol.for('fandeck.i18n.namespaces');
const holder = globalThis as typeof globalThis & { [registryKey]?: Registry };
const registry: Registry = (holder[registryKey] ??= new Map());

/**
 * Makes namespaces known from the files `import.meta.glob` found, without fetching any:
 * `<feature>/locales/<locale>.ts` is namespace `<feature>`, `<name>/<locale>.ts` is
 * namespace `<name>`. Each file becomes its own chunk, fetched only for the active locale.
 */
export function registerNamespaceFiles(files: Record<string, TextsLoader>): void {
  for (const [path, load] of Object.entries(files)) {
    const parts = path.replace(/\.[cm]?[jt]sx?$/, '').split('/');
    const locale = parts.at(-1);
    const namespace = parts.at(-2) === 'locales' ? parts.at(-3) : parts.at(-2);
    if (!namespace || !isLocale(locale)) continue;
    registry.set(namespace, { ...registry.get(namespace), [locale]: load });
  }
}

export function isRegisteredNamespace(namespace: string): boolean {
  return registry.has(namespace);
}

export function registeredNamespaces(): string[] {
  return [...registry.keys()];
}

const fetched = new Map<string, Promise<Record<string, unknown>>>();

/** One namespace's texts in one locale, fetched once; a failed fetch (offline) may be tried again. */
export function fetchTexts(locale: Locale, namespace: string): Promise<Record<string, unknown>> {
  const id = `${locale}|${namespace}`;
  let texts = fetched.get(id);
  if (!texts) {
    const load = registry.get(namespace)?.[locale];
    texts = load ? load().then((file) => file.default) : Promise.reject(new Error(`no ${locale} texts for namespace "${namespace}"`));
    texts.catch(() => fetched.delete(id));
    fetched.set(id, texts);
  }
  return texts;
}
