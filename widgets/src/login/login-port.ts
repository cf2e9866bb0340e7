import { createContext, useContext, useMemo } from 'react';
import { computed, type ReadonlySignal } from '@preact/signals-core';
import { pageSession } from '../kit/page-session.js';
import { embedConfig } from '../kit/embed-config.js';
import { success, type Outcome } from '../session/outcome.js';
import type { Session } from '../session/session.js';

/** The signed-in user as `<fan-login>` shows it. */
export interface LoginUser {
  _id: string;
  name: string;
  username: string;
  avatar?: string | null | undefined;
  isPerformer: boolean;
}

export interface LoginCredentials {
  /** Email or username: the one form serves fans and creators. */
  username: string;
  password: string;
  remember: boolean;
}

/**
 * What `<fan-login>` needs from the session: read state, three actions, and the
 * platform's address for its register pages. On a third-party page the session's
 * transport is the bridge, so `login` opens the platform's popup; the view never knows.
 */
export interface LoginPort {
  /**
   * `form`: the element asks for the password (the platform's own origin). `popup`: a
   * third-party page, where the password is typed only in the platform's popup, so the
   * element shows a button that opens it.
   */
  mode: 'form' | 'popup';
  loggedIn: ReadonlySignal<boolean>;
  user: ReadonlySignal<LoginUser | null>;
  login(credentials: LoginCredentials): Promise<Outcome<unknown>>;
  logout(): Promise<Outcome<unknown>>;
  /** POST /auth/users/forgot; the value is the server's neutral message, if any. */
  forgot(email: string): Promise<Outcome<string | undefined>>;
  /** An absolute URL on the platform origin. */
  platformUrl(path: string): string;
}

/** Where the platform's register pages are (host routes). */
export const registerPaths = { fan: '/auth/register', creator: '/auth/register/creator' } as const;

const ports = new WeakMap<Session, LoginPort>();

/** The port over the page's session. */
export function sessionLoginPort(session: Session): LoginPort {
  let port = ports.get(session);
  if (port) return port;
  const origin = session.transport.origin || embedConfig()?.origin || location.origin;
  port = {
    mode: session.transport.kind === 'bridge' ? 'popup' : 'form',
    loggedIn: session.auth.loggedIn,
    user: computed(() => toLoginUser(session.user.current.value)),
    login: (credentials) => session.auth.login(credentials),
    logout: () => session.auth.logout(),
    async forgot(email) {
      const outcome = await session.api.auth.forgot({ email }, { unauthorized: 'ignore' });
      return outcome.ok ? success(typeof outcome.value?.message === 'string' ? outcome.value.message : undefined) : outcome;
    },
    platformUrl: (path) => new URL(path, origin).href,
  };
  ports.set(session, port);
  return port;
}

const LoginPortContext = createContext<LoginPort | null>(null);

/** Lets a page (or a test) render `<FanLogin>` against its own port. */
export const LoginPortProvider = LoginPortContext.Provider;

export function useLoginPort(): LoginPort {
  const provided = useContext(LoginPortContext);
  return useMemo(() => provided ?? sessionLoginPort(pageSession()), [provided]);
}

/** The fields `<fan-login>` shows, from a user as the API answers it; null when it is not one. */
export function toLoginUser(user: unknown): LoginUser | null {
  if (!isRecord(user) || typeof user._id !== 'string') return null;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    _id: user._id,
    name: text(user.name) || text(user.username),
    username: text(user.username),
    avatar: typeof user.avatar === 'string' && user.avatar ? user.avatar : null,
    isPerformer: user.isPerformer === true,
  };
}

export function messageOf(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  const message = body.message;
  return typeof message === 'string' && message.trim() ? message : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
