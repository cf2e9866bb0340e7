/** Minimal API calls for assertions made outside the browser. */
import type { EmbedOriginDto } from '@fandeck/contract';
import { WAIT_MS } from '../../testing/budgets.js';
import type { Site } from './third-party-site.js';

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

/**
 * Lists a site's origin for the signed-in creator and proves control the real way: the site
 * serves the listing's token at `/.well-known/fandeck-origin.txt` and the platform is asked
 * to verify it. Until then the origin gets no bridge.
 */
export async function allowOrigin(platform: string, token: string, site: Site): Promise<void> {
  const listing = await listOrigin(platform, token, site.origin);
  site.proveOrigin(listing.token);
  await verifyOrigin(platform, token, listing._id);
}

/** Only lists the origin (unverified); the listing carries the token to serve. */
export async function listOrigin(platform: string, token: string, origin: string): Promise<EmbedOriginDto> {
  const response = await fetch(`${platform}/api/embeds/origins`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify({ origin }),
    signal: AbortSignal.timeout(WAIT_MS),
  });
  if (response.status !== 200) throw new Error(`adding ${origin} failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: EmbedOriginDto }).data;
}

/** Asks the platform to fetch the listing's token from its origin; throws with the platform's reason when it is not found. */
export async function verifyOrigin(platform: string, token: string, id: string): Promise<EmbedOriginDto> {
  const response = await fetch(`${platform}/api/embeds/origins/${id}/verify`, { method: 'POST', headers: { authorization: token }, signal: AbortSignal.timeout(WAIT_MS) });
  if (response.status !== 200) throw new Error(`verifying ${id} failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: EmbedOriginDto }).data;
}
