import type { Page, Request } from 'playwright-core';

/** One API call the page sent, as the network saw it. */
export interface SeenCall {
  method: string;
  /** Path under `/api`, decoded (`/payment/wallet/cancel-subscription/…`). */
  path: string;
  query: URLSearchParams;
  /** The JSON body, or the raw text when it is not JSON (a multipart form). */
  body: unknown;
}

/**
 * Records, in order, the calls the page sends to `method path` (a path under `/api`, or a
 * pattern of it), bodies included (a request event carries no uploaded file, a route does).
 * Only looks: every call goes on to the real server as it was sent.
 */
export async function seeCalls(page: Page, method: string, path: string | RegExp): Promise<SeenCall[]> {
  const seen: SeenCall[] = [];
  const matches = (pathname: string) => (typeof path === 'string' ? pathname === path : path.test(pathname));
  await page.route(
    (url) => url.pathname.startsWith('/api/') && matches(decodeURIComponent(url.pathname.slice('/api'.length))),
    async (route) => {
      if (route.request().method() === method) seen.push(callOf(route.request()));
      return route.fallback();
    },
  );
  return seen;
}

/**
 * Makes the next `count` calls to `path` (GET) fail as a dropped connection does, so the
 * page's failed state shows; every later call reaches the real server.
 */
export async function dropNext(page: Page, path: string, count = 1): Promise<void> {
  let left = count;
  await page.route(
    (url) => url.pathname === `/api${path}`,
    async (route) => {
      if (route.request().method() !== 'GET' || left <= 0) return route.fallback();
      left -= 1;
      return route.abort('connectionrefused');
    },
  );
}

function callOf(request: Request): SeenCall {
  const url = new URL(request.url());
  // A multipart form's file bytes come out garbled as text; tests look only for its text fields.
  const text = request.postDataBuffer()?.toString('utf8') ?? '';
  let body: unknown = text || undefined;
  try {
    if (text) body = JSON.parse(text);
  } catch {
    // Not JSON: kept as text.
  }
  return { method: request.method(), path: decodeURIComponent(url.pathname.slice('/api'.length)), query: url.searchParams, body };
}

export const lastOf = (calls: SeenCall[]): SeenCall => {
  const last = calls.at(-1);
  if (!last) throw new Error('no call was seen');
  return last;
};
