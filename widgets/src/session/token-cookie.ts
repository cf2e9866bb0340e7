/**
 * The login token lives in the `token` cookie (spec section 6). The server sets it,
 * non-HttpOnly, for 1 day or 365 days when remembered (spec section 9); the client
 * reads it for the Authorization header and clears it on logout or a 401/403.
 */
export const TOKEN_COOKIE = 'token';

const day = 24 * 60 * 60;

/** Cookie lifetimes in seconds. */
export const TOKEN_MAX_AGE = { remembered: 365 * day, session: day } as const;

/** The stored token, or undefined when signed out. */
export function readToken(): string | undefined {
  for (const part of document.cookie.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() !== TOKEN_COOKIE) continue;
    const raw = part.slice(separator + 1).trim();
    if (!raw) return undefined;
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

/**
 * Stores a token the way the server would. Used only when the server's own cookie did
 * not arrive (a login answered through a proxy that strips Set-Cookie, for example).
 */
export function writeToken(token: string, remember: boolean): void {
  const maxAge = remember ? TOKEN_MAX_AGE.remembered : TOKEN_MAX_AGE.session;
  document.cookie = `${TOKEN_COOKIE}=${encodeURIComponent(token)}; path=/; max-age=${maxAge}; samesite=lax${secure()}`;
}

export function clearToken(): void {
  document.cookie = `${TOKEN_COOKIE}=; path=/; max-age=0; samesite=lax${secure()}`;
}

function secure(): string {
  return location.protocol === 'https:' ? '; secure' : '';
}
