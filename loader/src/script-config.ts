import type { EmbedConfig, Theme } from '@fandeck/widgets/kit/embed-config';

/**
 * The loader's settings come from its own tag:
 * `<script src="https://PLATFORM/embed.js" async data-locale="pt-BR" data-theme="dark" data-creator="ana.lima">`.
 * The platform origin is the origin of `src` unless `data-origin` says otherwise.
 */
export function readScriptConfig(script: HTMLScriptElement | null): EmbedConfig {
  const data = script?.dataset ?? {};
  const src = script?.src ? new URL(script.src, location.href) : new URL(location.href);
  return {
    origin: data.origin ? new URL(data.origin, location.href).origin : src.origin,
    locale: data.locale || undefined,
    theme: themeOf(data.theme),
    creator: data.creator || undefined,
  };
}

/** `document.currentScript` is null once the script has run, so callers take it at the start. */
export function ownScript(): HTMLScriptElement | null {
  const current = document.currentScript;
  if (current instanceof HTMLScriptElement) return current;
  return document.querySelector<HTMLScriptElement>('script[src$="/embed.js"]');
}

function themeOf(value: string | undefined): Theme | undefined {
  if (!value) return undefined;
  return value.trim().toLowerCase() === 'light' ? 'light' : 'dark';
}
