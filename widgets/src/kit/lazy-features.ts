/**
 * How one feature uses another without importing it: by tag for elements, by name for
 * models. The modules are found with Vite's glob import, so kit names no feature either,
 * and each is fetched only when first asked for (its own chunk in the embed build, the
 * same entry chunk the loader would fetch).
 */
import type { Feature } from '../session/feature.js';
import type { Session } from '../session/session.js';
import type { ElementTag } from './registry.js';

const elementModules = import.meta.glob('../*/*.element.ts');
// Models of the session's own (auth, user, …) are not features; only feature folders count.
const modelModules = import.meta.glob<{ feature?: Feature<object> }>(['../*/*.model.ts', '!../session/**']);

const pending = new Map<string, Promise<void>>();

/** The module that defines `tag`: `../<feature>/<tag>.element.ts`, whichever feature folder holds it. */
function elementModule(tag: ElementTag): (() => Promise<unknown>) | undefined {
  const suffix = `/${tag}.element.ts`;
  const file = Object.keys(elementModules).find((path) => path.endsWith(suffix));
  return file ? elementModules[file] : undefined;
}

/**
 * Defines `tag` if it is not yet: imports the module that defines it. Safe to call from
 * every render; the first call does the work. Rejects when the module cannot be loaded.
 */
export function ensureElement(tag: ElementTag): Promise<void> {
  if (customElements.get(tag)) return Promise.resolve();
  let loading = pending.get(tag);
  if (!loading) {
    const load = elementModule(tag);
    loading = load
      ? load().then(() => undefined)
      : Promise.reject(new Error(`No module defines <${tag}>`));
    // A failed load may be tried again (a network blip); a good one is remembered.
    loading.catch(() => pending.delete(tag));
    pending.set(tag, loading);
  }
  return loading;
}

/**
 * The model of the feature named `name` on `session`, created on first use: its module
 * (`<name>/<name>.model.ts`, exporting `feature`) is imported first. For a feature that
 * needs another running (the tip needs the wallet's live balance) without importing it.
 */
export async function ensureFeature(session: Session, name: string): Promise<object> {
  const load = modelModules[`../${name}/${name}.model.ts`];
  if (!load) throw new Error(`No feature model named "${name}"`);
  const module = await load();
  if (!module.feature) throw new Error(`${name}.model.ts exports no feature`);
  return session.use(module.feature);
}
