/**
 * The bridge's credential cookie. A cookie the bridge writes for itself, with the
 * `Partitioned` attribute (CHIPS): the browser keys it to the partner's site, so the
 * bridge embedded in another site's page never sees it, and it is one of the few kinds of
 * third-party state a browser keeps when it blocks third-party cookies and storage.
 * Remembered, it lasts as long as the site's own sign-in (365 days); otherwise it is a
 * session cookie and ends with the browser session. Its path is the bridge page's alone,
 * so it travels only with requests for that page (whose server ignores it), never with
 * an API call, and no other page of the platform can read it.
 *
 * Where the browser has granted the frame storage access (the Storage Access API), the
 * same cookie is written without `Partitioned` under a name that carries the partner's
 * origin: still one site's sign-in, kept where the browser keeps first-party state.
 */
import { TOKEN_MAX_AGE } from '../session/token-cookie.js';

export interface CookieCredential {
  token: string;
  remember: boolean;
}

const PREFIX = 'fandeck_bridge';

/** The cookie's name: the partitioned one, or the one keyed by the partner's origin. */
export function cookieName(embedder: string | null): string {
  if (!embedder) return PREFIX;
  // Cookie names allow letters, digits and a few marks; an origin maps to one such name.
  return `${PREFIX}_${embedder.replace(/[^A-Za-z0-9]/g, '_')}`;
}

/** Whether the browser takes a `Secure` cookie here (https, or a loopback address). */
export function cookiesUsable(): boolean {
  return window.isSecureContext && navigator.cookieEnabled !== false;
}

export function readCookie(name: string): CookieCredential | null {
  let all: string;
  try {
    all = document.cookie;
  } catch {
    return null;
  }
  for (const part of all.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue;
    return decodeValue(part.slice(separator + 1).trim());
  }
  return null;
}

/** Writes the cookie; true when the browser kept it (a blocked write reads back as nothing). */
export function writeCookie(name: string, credential: CookieCredential, partitioned: boolean): boolean {
  if (!cookiesUsable()) return false;
  const value = `${credential.remember ? 'r' : 's'}.${encodeURIComponent(credential.token)}`;
  const lifetime = credential.remember ? `; max-age=${TOKEN_MAX_AGE.remembered}` : '';
  try {
    document.cookie = `${name}=${value}${attributes(partitioned)}${lifetime}`;
  } catch {
    return false;
  }
  return readCookie(name)?.token === credential.token;
}

export function clearCookie(name: string, partitioned: boolean): void {
  if (!cookiesUsable()) return;
  try {
    document.cookie = `${name}=${attributes(partitioned)}; max-age=0`;
  } catch {
    // Nothing kept, nothing to clear.
  }
}

function attributes(partitioned: boolean): string {
  // SameSite=None: the frame is always on another site than the page that shows it.
  return `; path=${location.pathname}; secure; samesite=none${partitioned ? '; partitioned' : ''}`;
}

function decodeValue(raw: string): CookieCredential | null {
  const kind = raw.slice(0, 2);
  if (kind !== 'r.' && kind !== 's.') return null;
  let token: string;
  try {
    token = decodeURIComponent(raw.slice(2));
  } catch {
    return null;
  }
  return token ? { token, remember: kind === 'r.' } : null;
}
