/** What the login view sends: `username` may also be an email. */
export interface LoginCredentials {
  username: string;
  password: string;
  remember: boolean;
}

/** Outcome of a login call; never thrown, so views only branch on `ok`. */
export type LoginOutcome =
  | { ok: true; token: string }
  | { ok: false; status: number; message: string | undefined };

export interface LoginRequestOptions {
  /** Platform origin, empty for same-origin pages. */
  apiBase?: string;
  signal?: AbortSignal;
}

/**
 * POST /api/auth/login. A failure carries the server's message when the body has
 * one, so the view can show it or fall back to its own text (spec section 8).
 */
export async function requestLogin(credentials: LoginCredentials, options: LoginRequestOptions = {}): Promise<LoginOutcome> {
  let response: Response;
  try {
    response = await fetch(`${trimSlash(options.apiBase ?? '')}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      credentials: 'include',
      body: JSON.stringify(credentials),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch {
    return { ok: false, status: 0, message: undefined };
  }
  const body = await readJson(response);
  if (response.ok) {
    const token = tokenOf(body);
    if (token) return { ok: true, token };
    return { ok: false, status: response.status, message: undefined };
  }
  return { ok: false, status: response.status, message: messageOf(body) };
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

function tokenOf(body: unknown): string | undefined {
  if (!isRecord(body) || !isRecord(body.data)) return undefined;
  const token = body.data.token;
  return typeof token === 'string' && token ? token : undefined;
}

function messageOf(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  const message = body.message;
  return typeof message === 'string' && message.trim() ? message : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function trimSlash(base: string): string {
  return base.endsWith('/') ? base.slice(0, -1) : base;
}
