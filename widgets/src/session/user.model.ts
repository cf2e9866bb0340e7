import { batch, signal, type ReadonlySignal } from '@preact/signals-core';
import type { UnauthorizedPolicy } from '../api/api-client.js';
import type { TypedApi } from '../api/typed-api.js';
import { isCredentialRefusal } from '../api/credential-refusal.js';
import { changesSavedText, loadFailureTexts, toastText, updateFailureText } from '../api/error-catalogue.js';
import { failure, success, type Outcome } from './outcome.js';
import { wirePassword } from './password.js';
import type { SettingsModel } from './settings.model.js';
import type { CurrentUser, LoadStatus, UserPatch } from './types.js';

/** What a saved profile or password change answers: the account and 'Changes saved'. */
export interface UserUpdate {
  user: CurrentUser;
  message: string;
}

/** The signed-in account (spec section 3, Current user, with its updating flags). */
export interface UserModel {
  /** Null while unknown or signed out. */
  readonly current: ReadonlySignal<CurrentUser | null>;
  /** The GET /users/me load state. */
  readonly status: ReadonlySignal<LoadStatus>;
  readonly updating: ReadonlySignal<boolean>;
  readonly updateSuccess: ReadonlySignal<boolean>;
  /** The failure text of the last load or update, or null. */
  readonly error: ReadonlySignal<string | null>;
  /** GET /users/me; concurrent callers share one request. A 401/403 follows `unauthorized`. */
  refresh(options?: { unauthorized?: UnauthorizedPolicy }): Promise<Outcome<CurrentUser>>;
  /** PUT /users: 'Changes saved' on success; the server's message, else 'Error occurred…'. */
  update(patch: UserPatch): Promise<Outcome<UserUpdate>>;
  /** PUT /auth/users/me/password (hashed when the setting says so); the server renews the session. */
  /** Needs the current password too: a signed-in session alone does not change it. */
  changePassword(currentPassword: string, password: string, source?: 'user' | 'performer'): Promise<Outcome<UserUpdate>>;
  /**
   * The wallet balance the server reported (the wallet model's `update_balance`), in
   * tokens: it replaces the one loaded with the account. Ignored while signed out.
   */
  setBalance(balance: number): void;
  /** Forgets the account (logout). */
  clear(): void;
}

export function createUserModel(api: TypedApi, settings: SettingsModel): UserModel {
  const current = signal<CurrentUser | null>(null);
  const status = signal<LoadStatus>('idle');
  const updating = signal(false);
  const updateSuccess = signal(false);
  const error = signal<string | null>(null);
  let inFlight: Promise<Outcome<CurrentUser>> | undefined;

  async function load(unauthorized: UnauthorizedPolicy): Promise<Outcome<CurrentUser>> {
    status.value = 'loading';
    const outcome = await api.users.me(undefined, { unauthorized });
    const user = outcome.ok ? toCurrentUser(outcome.value) : null;
    batch(() => {
      if (user) current.value = user;
      else if (!outcome.ok && isCredentialRefusal(outcome.error.status, outcome.error.body)) current.value = null;
      status.value = user ? 'ready' : 'failed';
      error.value = user ? null : outcome.ok ? toastText(undefined) : outcome.error.message;
    });
    if (user) return success(user);
    return outcome.ok ? failure({ status: 200, message: toastText(undefined), body: outcome.value }) : outcome;
  }

  /** Runs a profile-changing call with the updating flags of spec section 3. */
  async function saving(call: () => Promise<Outcome<unknown>>, reload: boolean): Promise<Outcome<UserUpdate>> {
    batch(() => {
      updating.value = true;
      updateSuccess.value = false;
      error.value = null;
    });
    const outcome = await call();
    let user = outcome.ok ? toCurrentUser(outcome.value) : null;
    if (outcome.ok && (!user || reload)) {
      const fresh = await load('redirect');
      user = fresh.ok ? fresh.value : user;
    }
    // The texts are usually there already (loaded with the API client); never show a blank.
    await loadFailureTexts();
    const message = outcome.ok ? changesSavedText() : updateFailureText(outcome.error.body);
    batch(() => {
      if (user) current.value = user;
      updating.value = false;
      updateSuccess.value = outcome.ok;
      error.value = outcome.ok ? null : message;
    });
    if (!outcome.ok) return failure({ ...outcome.error, message });
    return user ? success({ user, message }) : failure({ status: 200, message: toastText(undefined) });
  }

  return {
    current,
    status,
    updating,
    updateSuccess,
    error,
    refresh(options = {}) {
      inFlight ??= load(options.unauthorized ?? 'redirect').finally(() => (inFlight = undefined));
      return inFlight;
    },
    update(patch) {
      return saving(() => api.users.update(patch), false);
    },
    async changePassword(currentPassword, password, source = 'user') {
      const loaded = await settings.ensure();
      const publicSettings = loaded.ok ? loaded.value : null;
      const [currentWire, wire] = await Promise.all([wirePassword(currentPassword, publicSettings), wirePassword(password, publicSettings)]);
      return saving(() => api.auth.changePassword({ currentPassword: currentWire, password: wire, source }), true);
    },
    setBalance(balance) {
      const user = current.peek();
      if (!user || typeof balance !== 'number' || !Number.isFinite(balance)) return;
      // Decimal units on the wire; kept to cents so a sum the caller made never drifts (0.1 + 0.2).
      const rounded = Math.round(balance * 100) / 100;
      if (rounded !== user.balance) current.value = { ...user, balance: rounded };
    },
    clear() {
      batch(() => {
        current.value = null;
        status.value = 'idle';
        updating.value = false;
        updateSuccess.value = false;
        error.value = null;
      });
    },
  };
}

/** An answer trusted as the current user when it has an `_id`; a missing balance counts as 0. */
export function toCurrentUser(value: unknown): CurrentUser | null {
  if (typeof value !== 'object' || value === null) return null;
  const user = value as Partial<CurrentUser>;
  if (typeof user._id !== 'string' || !user._id) return null;
  const balance = typeof user.balance === 'number' && Number.isFinite(user.balance) ? user.balance : 0;
  return { ...(value as CurrentUser), balance };
}
