import { batch, signal, type ReadonlySignal } from '@preact/signals-core';
import { failureCode, failureText, loadFailureTexts, loginFailureText } from '../api/error-catalogue.js';
import { failure, success, type Outcome } from './outcome.js';
import { wirePassword } from './password.js';
import type { SettingsModel } from './settings.model.js';
import type { Transport } from './transport.js';
import type { Credentials, CurrentUser } from './types.js';
import type { UserModel } from './user.model.js';

/** The login form's state (spec section 3, Auth state `loginAuth`). */
export interface LoginAuthState {
  requesting: boolean;
  /** The failure text: the server's message, else 'Incorrect credentials!'. */
  error: string | null;
  /** The signed-in account once the login succeeded. */
  data: CurrentUser | null;
  success: boolean;
}

export const initialLoginAuth: LoginAuthState = { requesting: false, error: null, data: null, success: false };

/** Sign-in state and actions (spec section 4, Login). */
export interface AuthModel {
  /** True while a credential is held. */
  readonly loggedIn: ReadonlySignal<boolean>;
  readonly loginAuth: ReadonlySignal<LoginAuthState>;
  /** requesting, then success (loggedIn, user loaded) or error. */
  login(credentials: Credentials): Promise<Outcome<CurrentUser>>;
  /** Ends the session on the server (best effort) and resets auth and the current user. */
  logout(): Promise<Outcome<void>>;
  /**
   * Adopts the transport's credential as it is now: after a sign-in made elsewhere (the
   * login form's own call, the bridge popup, another tab) it loads the user; without a
   * credential it resets. Value: the user, or null when signed out.
   */
  sync(): Promise<Outcome<CurrentUser | null>>;
  /** Drops the credential locally, without the server (a missing token at a login redirect). */
  forget(): void;
}

export interface AuthModelDeps {
  transport: Transport;
  user: UserModel;
  settings: SettingsModel;
  /** Everything else a sign-out resets (follows, …). */
  onSignedOut?: () => void;
}

/** The auth model plus what only the session wires: the local reset after a lost credential. */
export interface AuthModelInternals extends AuthModel {
  /** Resets auth and user; the credential is already gone. */
  signedOut(): void;
  dispose(): void;
}

export function createAuthModel(deps: AuthModelDeps): AuthModelInternals {
  const { transport, user, settings } = deps;
  const loggedIn = signal(transport.hasCredential());
  const loginAuth = signal<LoginAuthState>(initialLoginAuth);

  function signedOut(): void {
    batch(() => {
      loggedIn.value = false;
      loginAuth.value = initialLoginAuth;
      user.clear();
      deps.onSignedOut?.();
    });
  }

  function dropCredential(): void {
    if (transport.clearCredential) transport.clearCredential();
    else void transport.logout().catch(() => undefined);
  }

  async function login(credentials: Credentials): Promise<Outcome<CurrentUser>> {
    loginAuth.value = { requesting: true, error: null, data: null, success: false };
    const loaded = await settings.ensure();
    const password = await wirePassword(credentials.password, loaded.ok ? loaded.value : null);
    const answer = await transport
      .login({ username: credentials.username.trim(), password, remember: credentials.remember ?? false })
      .catch((cause: unknown) => ({ ok: false as const, status: 0, body: { cause: String(cause) } }));
    if (!answer.ok) {
      // No answer at all is not a wrong password; only an answer gets the login texts.
      await loadFailureTexts();
      const message = answer.status > 0 ? loginFailureText(answer.body) : failureText(answer.status, answer.body);
      loginAuth.value = { requesting: false, error: message, data: null, success: false };
      return failure({ status: answer.status, code: failureCode(answer.status, answer.body), message, body: answer.body });
    }
    loggedIn.value = true;
    const loadedUser = await user.refresh({ unauthorized: 'clear' });
    if (!loadedUser.ok) {
      dropCredential();
      batch(() => {
        signedOut();
        loginAuth.value = { requesting: false, error: loadedUser.error.message, data: null, success: false };
      });
      return loadedUser;
    }
    loginAuth.value = { requesting: false, error: null, data: loadedUser.value, success: true };
    return success(loadedUser.value);
  }

  async function logout(): Promise<Outcome<void>> {
    try {
      await transport.logout();
    } catch {
      // The session ends on this page whatever the server said.
      dropCredential();
    }
    signedOut();
    return success(undefined);
  }

  async function sync(): Promise<Outcome<CurrentUser | null>> {
    if (!transport.hasCredential()) {
      if (loggedIn.peek() || user.current.peek()) signedOut();
      return success(null);
    }
    loggedIn.value = true;
    const loadedUser = await user.refresh({ unauthorized: 'clear' });
    return loadedUser.ok ? success(loadedUser.value) : loadedUser;
  }

  const stopListening = transport.onCredentialChange(() => void sync());

  return {
    loggedIn,
    loginAuth,
    login,
    logout,
    sync,
    forget() {
      dropCredential();
      signedOut();
    },
    signedOut,
    dispose: stopListening,
  };
}
