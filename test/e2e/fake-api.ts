import type { Page, Request } from 'playwright-core';

/**
 * Stand-ins for API routes in the browser, for host pages whose server routes are built
 * alongside them: the page under test talks to the real server for everything else
 * (sign-in, the current user, settings), and to these for the routes a test scripts.
 */

/** One call the page made to a faked route. */
export interface FakeCall {
  method: string;
  /** Path under `/api`, decoded (`/payment/wallet/cancel-subscription/s1`). */
  path: string;
  query: URLSearchParams;
  /** The JSON body, or the raw text when it is not JSON (a multipart form). */
  body: unknown;
}

/**
 * What a faked route answers: `data` inside the `{ status: 0, data }` envelope, a refusal
 * with its HTTP status and contract error code, or no answer at all (a dropped connection).
 */
export type FakeAnswer = { data: unknown } | { status: number; code: string } | 'abort';

/**
 * Answers `method path` (a path under `/api`, or a pattern of it) with what `answer` returns
 * for each call, and records the calls in the returned array, in order.
 */
export async function fakeApi(page: Page, method: string, path: string | RegExp, answer: (call: FakeCall) => FakeAnswer): Promise<FakeCall[]> {
  const calls: FakeCall[] = [];
  await page.route(apiPath(path), async (route) => {
    const request = route.request();
    if (request.method() !== method) return route.fallback();
    const call = callOf(request);
    calls.push(call);
    const reply = answer(call);
    if (reply === 'abort') return route.abort('connectionrefused');
    if ('data' in reply) return route.fulfill({ status: 200, json: { status: 0, data: reply.data } });
    return route.fulfill({ status: reply.status, json: { statusCode: reply.status, code: reply.code, message: 'Refused by the test double' } });
  });
  return calls;
}

/** Records the calls to `method path` and lets them through to the real server. */
export async function spyApi(page: Page, method: string, path: string | RegExp): Promise<FakeCall[]> {
  const calls: FakeCall[] = [];
  await page.route(apiPath(path), async (route) => {
    if (route.request().method() !== method) return route.fallback();
    calls.push(callOf(route.request()));
    return route.fallback();
  });
  return calls;
}

/** Lets `method path` reach the real server and hands the page its answer's `data` as `change` rewrites it. */
export async function patchApi(page: Page, method: string, path: string | RegExp, change: (data: unknown) => unknown): Promise<void> {
  await page.route(apiPath(path), async (route) => {
    if (route.request().method() !== method) return route.fallback();
    const response = await route.fetch();
    const body = (await response.json()) as { status?: number; data?: unknown };
    await route.fulfill({ response, json: { ...body, data: change(body.data) } });
  });
}

function apiPath(path: string | RegExp): (url: URL) => boolean {
  const matches = (pathname: string) => (typeof path === 'string' ? pathname === path : path.test(pathname));
  return (url) => url.pathname.startsWith('/api/') && matches(decodeURIComponent(url.pathname.slice('/api'.length)));
}

function callOf(request: Request): FakeCall {
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

/** A list page as list routes answer it. */
export const listOf = <T>(items: readonly T[], total = items.length) => ({ data: { data: items, total } });
