/**
 * What the loader read from its own script tag. The loader writes it once, before it
 * imports any widget chunk, under a global symbol; every element and the session read
 * it from there. Pages without the loader (the host site, tests) have none.
 */
export interface EmbedConfig {
  /** Platform origin: `data-origin`, else the origin of the loader's `src`. */
  origin: string;
  /** `data-locale`: the page's language for every element without its own `locale`. */
  locale?: string | undefined;
  /** `data-theme`: `dark` (default) or `light` for every element without its own `data-theme`. */
  theme?: Theme | undefined;
  /** `data-creator`: the creator (username or id) whose page this is; the bridge checks it. */
  creator?: string | undefined;
}

export type Theme = 'dark' | 'light';

/** The global key, shared with the loader (it cannot import this module: it must stay tiny). */
export const embedConfigKey = 'fandeck.embed';

type WithConfig = typeof globalThis & { [key: symbol]: EmbedConfig | undefined };

/** The loader's settings, or undefined on a page the loader did not set up. */
export function embedConfig(): EmbedConfig | undefined {
  return (globalThis as WithConfig)[Symbol.for(embedConfigKey)];
}

/** Sets (or, with undefined, clears) the settings; the loader's job, and tests'. */
export function setEmbedConfig(config: EmbedConfig | undefined): void {
  (globalThis as WithConfig)[Symbol.for(embedConfigKey)] = config;
}

/** `light` when asked for, else the default `dark` (spec section 2: dark by default). */
export function parseTheme(value: string | null | undefined): Theme | undefined {
  if (value == null || value === '') return undefined;
  return value.trim().toLowerCase() === 'light' ? 'light' : 'dark';
}
