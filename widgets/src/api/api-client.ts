import type { ErrorCode } from '@fandeck/contract';
import { failure, success, type Outcome } from '../session/outcome.js';
import type { HttpMethod, Query, RequestOptions, Transport, TransportResult, UploadOptions } from '../session/transport.js';
import type { ListPage } from '../session/types.js';
import { isCredentialRefusal } from './credential-refusal.js';
import { failureCode, failureTextOf, loadFailureTexts } from './error-catalogue.js';

/**
 * What a refusal of the credential does (spec sections 2 and 8): a 401, or a 403 that says
 * nothing more than "not you" (see `isCredentialRefusal`). `redirect` (the default): drop
 * the credential and go to the login page. `clear`: drop it but stay (a start-up token
 * check on a public page). `ignore`: the 401 is itself the answer (signing out a revoked
 * token). A 403 with a business code (`blocks.blocked`, `content.locked`,
 * `performers.not_verified`) is never one: it is the answer of the action, shown where the
 * action was made, with the user still signed in and their input kept.
 */
export type UnauthorizedPolicy = 'redirect' | 'clear' | 'ignore';

export interface ApiCallOptions extends RequestOptions {
  unauthorized?: UnauthorizedPolicy;
  /**
   * Failure codes the caller reads as an answer and never shows (a stream that is offline):
   * such a failure has an empty `message`, and no failure text is fetched for it.
   */
  expected?: readonly ErrorCode[];
}

export interface ApiUploadOptions extends UploadOptions {
  unauthorized?: UnauthorizedPolicy;
}

/** Navigation after a 401/403; receives the path the user was on (`redirectFrom`). */
export type UnauthorizedHook = (redirectFrom: string, status: number) => void;

export interface ApiClientOptions {
  transport: Transport;
  /** Default: `location.assign('/auth/login?redirectFrom=<path>')`. */
  onUnauthorized?: UnauthorizedHook;
  /** Told after a 401/403 dropped the credential, so the session can reset auth and user. */
  onCredentialLost?: () => void;
  /** The path the user is on; default `location.pathname + location.search`. */
  currentPath?: () => string;
}

/**
 * The API as models use it: every call answers an Outcome and never throws. Failures
 * carry the error code (the body's, else the status's), its text in the active language
 * (spec section 8) and the server's body as received.
 */
export interface ApiClient {
  request<T>(method: HttpMethod, path: string, options?: ApiCallOptions): Promise<Outcome<T>>;
  get<T>(path: string, query?: Query, options?: ApiCallOptions): Promise<Outcome<T>>;
  /** A list read: the payload's `data` and `total` (contract section 1). Never retried. */
  list<T>(path: string, query?: Query, options?: ApiCallOptions): Promise<Outcome<ListPage<T>>>;
  post<T>(path: string, body?: unknown, options?: ApiCallOptions): Promise<Outcome<T>>;
  put<T>(path: string, body?: unknown, options?: ApiCallOptions): Promise<Outcome<T>>;
  del<T>(path: string, options?: ApiCallOptions): Promise<Outcome<T>>;
  /** Multipart upload with progress; cancel through `signal` (the outcome's status is then -1). */
  upload<T>(path: string, options: ApiUploadOptions): Promise<Outcome<T>>;
  /** Replaces the 401/403 navigation; `undefined` restores the default. The host installs its router's. */
  setOnUnauthorized(hook: UnauthorizedHook | undefined): void;
}

/** Where a 401/403 sends the user by default (spec section 2). */
export function loginPath(redirectFrom: string): string {
  return `/auth/login?redirectFrom=${encodeURIComponent(redirectFrom)}`;
}

export const defaultUnauthorizedHook: UnauthorizedHook = (redirectFrom) => {
  location.assign(loginPath(redirectFrom));
};

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { transport } = options;
  let onUnauthorized: UnauthorizedHook = options.onUnauthorized ?? defaultUnauthorizedHook;
  // Failure texts are fetched with the first failure (settle waits for them), not with every page.
  const currentPath = options.currentPath ?? (() => `${location.pathname}${location.search}`);

  function loseCredential(): void {
    if (transport.clearCredential) transport.clearCredential();
    else void transport.logout();
    options.onCredentialLost?.();
  }

  async function settle<T>(result: TransportResult<T>, policy: UnauthorizedPolicy = 'redirect', expected: readonly ErrorCode[] = []): Promise<Outcome<T>> {
    if (result.ok) return success(result.data);
    const { status, body } = result;
    if (isCredentialRefusal(status, body) && policy !== 'ignore') {
      loseCredential();
      const from = currentPath();
      // Already on the login page: going there again would only loop.
      if (policy === 'redirect' && !from.startsWith('/auth/login')) onUnauthorized(from, status);
    }
    const code = failureCode(status, body);
    if (code && expected.includes(code)) return failure({ status, code, message: '', body });
    // Usually there already (loaded with the client); a failure must not show a blank.
    await loadFailureTexts();
    return failure({ status, code, message: failureTextOf({ code, status, body }), body });
  }

  async function request<T>(method: HttpMethod, path: string, call: ApiCallOptions = {}): Promise<Outcome<T>> {
    const { unauthorized, expected, ...rest } = call;
    return await settle(await transport.request<T>(method, path, { retry: 0, ...rest }), unauthorized, expected);
  }

  return {
    request,
    get: (path, query, call = {}) => request('GET', path, { ...call, ...(query ? { query } : {}) }),
    async list<T>(path: string, query?: Query, call: ApiCallOptions = {}) {
      const outcome = await request<unknown>('GET', path, { ...call, ...(query ? { query } : {}), retry: 0 });
      if (!outcome.ok) return outcome;
      const page = readListPage<T>(outcome.value);
      if (page) return success(page);
      // An answer the client cannot read is the server's fault, as a 5xx would be.
      await loadFailureTexts();
      return failure({ status: 200, message: failureTextOf({ code: null, status: 500 }), body: outcome.value });
    },
    post: (path, body, call = {}) => request('POST', path, { ...call, ...(body !== undefined ? { body } : {}) }),
    put: (path, body, call = {}) => request('PUT', path, { ...call, ...(body !== undefined ? { body } : {}) }),
    del: (path, call = {}) => request('DELETE', path, call),
    async upload<T>(path: string, call: ApiUploadOptions) {
      const { unauthorized, ...rest } = call;
      return await settle(await transport.upload<T>(path, rest), unauthorized);
    },
    setOnUnauthorized(hook) {
      onUnauthorized = hook ?? defaultUnauthorizedHook;
    },
  };
}

/** `{ data: [...], total }`; a bare array is accepted as a page of everything. */
export function readListPage<T>(value: unknown): ListPage<T> | null {
  if (Array.isArray(value)) return { data: value as T[], total: value.length };
  if (typeof value !== 'object' || value === null) return null;
  const { data, total } = value as { data?: unknown; total?: unknown };
  if (!Array.isArray(data)) return null;
  return { data: data as T[], total: typeof total === 'number' ? total : data.length };
}
