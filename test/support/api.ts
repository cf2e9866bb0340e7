/** Minimal API calls for assertions made outside the browser. */
import { WAIT_MS } from '../../testing/budgets.js';

export interface ApiAnswer<T> {
  status: number;
  body: { status?: number; data?: T; message?: string; statusCode?: number } | undefined;
}

export async function apiGet<T>(origin: string, path: string, token?: string): Promise<ApiAnswer<T>> {
  const response = await fetch(`${origin}/api${path}`, {
    headers: { accept: 'application/json', ...(token ? { authorization: token } : {}) },
    signal: AbortSignal.timeout(WAIT_MS),
  });
  const body = (await response.json().catch(() => undefined)) as ApiAnswer<T>['body'];
  return { status: response.status, body };
}

/** Signs in through the API and returns the token (for setup done outside the browser). */
export async function signInApi(origin: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password }),
  });
  const body = (await response.json()) as { data?: { token?: string } };
  if (!response.ok || !body.data?.token) throw new Error(`sign-in failed: ${response.status}`);
  return body.data.token;
}

/** Adds an origin to the signed-in creator's list of sites allowed to embed them. */
export async function allowOrigin(platform: string, token: string, origin: string): Promise<void> {
  const response = await fetch(`${platform}/api/embeds/origins`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify({ origin }),
  });
  if (response.status !== 200) throw new Error(`adding ${origin} failed: ${response.status} ${await response.text()}`);
}
