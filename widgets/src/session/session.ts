import { signal } from '@preact/signals-core';
import { createApiClient, type ApiClient, type UnauthorizedHook } from '../api/api-client.js';
import { createTypedApi, type TypedApi } from '../api/typed-api.js';
import { createAuthModel, type AuthModel } from './auth.model.js';
import { createDirectTransport } from './direct-transport.js';
import { createFeatureHost, type Feature } from './feature.js';
import { createFollowsModel, type FollowsModel } from './follows.model.js';
import { createLiveModel, type LiveModel } from './live.model.js';
import { createLocaleModel, type LocaleModel } from './locale.model.js';
import { createSettingsModel, type SettingsModel } from './settings.model.js';
import { createThemeModel, type ThemeModel } from './theme.model.js';
import type { Transport } from './transport.js';
import type { Theme } from './types.js';
import { createUiModel, type UiModel } from './ui.model.js';
import { createUserModel, type UserModel } from './user.model.js';

/**
 * The page's session: one set of models every widget and every bundle shares. Views
 * read the signals; writes go through the models' actions, which answer Outcomes.
 */
export interface Session {
  readonly transport: Transport;
  /** The API by route name, typed by the contract: `api.performers.get({ id })` (see typed-api.ts). */
  readonly api: TypedApi;
  /** Replaces the navigation after a 401/403; `undefined` restores the default. The host installs its router's. */
  setOnUnauthorized(hook: UnauthorizedHook | undefined): void;
  readonly auth: AuthModel;
  readonly user: UserModel;
  readonly settings: SettingsModel;
  readonly ui: UiModel;
  readonly locale: LocaleModel;
  readonly theme: ThemeModel;
  readonly follows: FollowsModel;
  readonly live: LiveModel;
  /**
   * A feature's model (wallet, tip, …), created on first use and kept for the session's
   * life; the session imports no feature itself (see feature.ts).
   */
  use<M extends object>(feature: Feature<M>): M;
}

export interface SessionOptions {
  /** The platform origin; default the page's own. */
  origin?: string;
  /** Default: the direct (same-origin) transport. Third-party pages pass the bridge's. */
  transport?: Transport;
  /** The element's `locale` attribute or the router's locale, used when supported. */
  locale?: string | null;
  /** The page's theme (loader `data-theme`); default the remembered choice, else dark. */
  theme?: Theme;
  /** Navigation after a 401/403; default `location.assign('/auth/login?redirectFrom=…')`. */
  onUnauthorized?: UnauthorizedHook;
  /** Skip the start-up loads (settings, current user); for tests that script every call. */
  lazy?: boolean;
  /**
   * Open the live connection while signed in (default true). The sign-in popup says no:
   * it signs in, hands the token over and closes, and never needs a socket.
   */
  live?: boolean;
}

/** A session plus the teardown only its owner calls. */
export interface OwnedSession extends Session {
  dispose(): void;
}

/**
 * Builds a session. Pages use getSession(); this is for tests and for the bridge frame,
 * which may need a session of its own.
 */
export function createSession(options: SessionOptions = {}): OwnedSession {
  const origin = options.transport?.origin ?? options.origin ?? location.origin;
  const ownsTransport = !options.transport;
  const transport = options.transport ?? createDirectTransport(origin);

  // The API client reports a lost credential; auth exists only later, hence the late binding.
  let credentialLost = () => {};
  const api = createApiClient({
    transport,
    ...(options.onUnauthorized ? { onUnauthorized: options.onUnauthorized } : {}),
    onCredentialLost: () => credentialLost(),
  });
  const typed = createTypedApi(api);
  const settings = createSettingsModel(typed);
  const user = createUserModel(typed, settings);
  const follows = createFollowsModel(typed);
  const auth = createAuthModel({ transport, user, settings, onSignedOut: () => follows.clear() });
  credentialLost = () => auth.signedOut();
  const locale = createLocaleModel({ settings, requested: options.locale ?? null });
  const theme = createThemeModel(options.theme);
  const ui = createUiModel(settings, origin);
  const live = createLiveModel({ transport, loggedIn: options.live === false ? signal(false) : auth.loggedIn });
  const features = createFeatureHost(() => session);

  if (!options.lazy) {
    void settings.load();
    // A stale cookie is dropped quietly here; pages that require sign-in redirect themselves.
    if (transport.hasCredential()) void user.refresh({ unauthorized: 'clear' });
  }

  const session: OwnedSession = {
    transport,
    api: typed,
    setOnUnauthorized: (hook) => api.setOnUnauthorized(hook),
    auth: publicAuth(auth),
    user,
    settings,
    ui,
    locale: { current: locale.current, dir: locale.dir, source: locale.source, supported: locale.supported, set: locale.set },
    theme,
    follows,
    live: { status: live.status, channel: live.channel },
    use: (feature) => features.use(feature),
    dispose() {
      // Features first: their effects listen to the live channel and the user.
      features.dispose();
      live.dispose();
      locale.dispose();
      auth.dispose();
      transport.closeLive();
      if (ownsTransport && 'dispose' in transport && typeof transport.dispose === 'function') transport.dispose();
    },
  };
  return session;
}

function publicAuth(auth: AuthModel): AuthModel {
  return { loggedIn: auth.loggedIn, loginAuth: auth.loginAuth, login: auth.login, logout: auth.logout, sync: auth.sync, forget: auth.forget };
}

// Every bundle on the page finds the same session through a global symbol.
const sessionKey = Symbol.for('fandeck.session');
type WithSession = typeof globalThis & { [sessionKey]?: OwnedSession };

/**
 * The page's one session, created on first use. Options apply only to that first call
 * (the loader or the host makes it at start); later calls return the same session.
 */
export function getSession(options?: SessionOptions): Session {
  const holder = globalThis as WithSession;
  return (holder[sessionKey] ??= createSession(options));
}

/** Tears the page's session down (closes the live connection); the next getSession() makes a new one. */
export function disposeSession(): void {
  const holder = globalThis as WithSession;
  const session = holder[sessionKey];
  delete holder[sessionKey];
  session?.dispose();
}
