import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../http/errors.js';

export const CROSS_SITE = 'This request must come from the platform’s own pages';

/** Whether the request carries its credential only in the `token` cookie (no Authorization header). */
export function byCookieOnly(request: FastifyRequest): boolean {
  const header = request.headers.authorization;
  return !(typeof header === 'string' && header.trim());
}

/**
 * Refuses a request signed in by the cookie alone unless it comes from the platform's own
 * pages (issue 21: a page on another port of the same host signed the fan out with a form
 * POST). The cookie is SameSite=Lax and a site is a host without its port, so a browser
 * sends it with a form POST from any page of the same site; only the Authorization header,
 * which the platform's clients always send and a form cannot, proves the page's own
 * intent. A browser names where a request comes from in Sec-Fetch-Site (same-origin or
 * not), or else in Origin; a client sending neither is no browser page, so no page forged
 * it. 403 `request.cross_site`: a request code, so no client signs anyone out over it.
 */
export function assertOwnPageWhenByCookie(request: FastifyRequest, publicOrigin: string): void {
  if (!byCookieOnly(request)) return;
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') {
    if (site === 'same-origin') return;
    throw forbidden('request.cross_site', CROSS_SITE);
  }
  const origin = request.headers.origin;
  if (origin === undefined) return;
  if (origin === publicOrigin || origin === `${request.protocol}://${request.host}`) return;
  throw forbidden('request.cross_site', CROSS_SITE);
}
