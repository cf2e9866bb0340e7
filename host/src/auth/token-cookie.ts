/** The login token lives in the `token` cookie: 365 days when remembered, else 1 day (spec section 9). */
const cookieName = 'token';
const day = 24 * 60 * 60;
export const tokenMaxAge = { remembered: 365 * day, session: day } as const;

export function readToken(): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === cookieName) {
      const value = decodeURIComponent(rest.join('='));
      return value || undefined;
    }
  }
  return undefined;
}

export function storeToken(token: string, remember: boolean): void {
  const maxAge = remember ? tokenMaxAge.remembered : tokenMaxAge.session;
  document.cookie = `${cookieName}=${encodeURIComponent(token)}; path=/; max-age=${maxAge}; samesite=lax${secureFlag()}`;
}

export function clearToken(): void {
  document.cookie = `${cookieName}=; path=/; max-age=0; samesite=lax${secureFlag()}`;
}

function secureFlag(): string {
  return window.location.protocol === 'https:' ? '; secure' : '';
}
