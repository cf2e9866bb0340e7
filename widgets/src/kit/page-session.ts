import { createBridgeTransport } from '../bridge/bridge-transport.js';
import { createDirectTransport } from '../session/direct-transport.js';
import { getSession, type Session } from '../session/session.js';
import type { Transport } from '../session/transport.js';
import { embedConfig, type EmbedConfig } from './embed-config.js';

const sessionKey = Symbol.for('fandeck.session');

/**
 * The page's one session. The first call creates it from the loader's settings: on the
 * platform's own origin it talks to the API directly; on any other page it goes through
 * the bridge iframe, which keeps the credential. Later calls (and `getSession()`) return
 * the same session. Every element frame calls this before its view renders.
 */
export function pageSession(): Session {
  const config = embedConfig();
  if (!config || sessionKey in globalThis) return getSession();
  return getSession({
    origin: config.origin,
    transport: transportFor(config),
    locale: config.locale ?? null,
    // A partner's page holds no remembered Fandeck theme (its storage is the partner's):
    // its own data-theme, else dark, and its storage is never read for it.
    ...(config.theme ? { theme: config.theme } : config.origin !== location.origin ? { theme: 'dark' as const } : {}),
    // A page that embeds elements is not the platform's: a 401 resets the session (the
    // elements then offer to sign in) but never navigates the page away.
    onUnauthorized: () => {},
  });
}

/** Whether the page's session exists already (then `pageSession()` costs nothing). */
export function hasPageSession(): boolean {
  return sessionKey in globalThis;
}

/** Same origin: direct; a third-party page: the bridge, which also checks the creator's allowed origins. */
export function transportFor(config: EmbedConfig, pageOrigin: string = location.origin): Transport {
  if (config.origin === pageOrigin) return createDirectTransport(config.origin);
  return createBridgeTransport({ origin: config.origin, creator: config.creator });
}
