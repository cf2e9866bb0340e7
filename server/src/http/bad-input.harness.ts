import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { isErrorCode } from '@fandeck/contract';
import type { App } from '../app.js';
import type { AppContext } from '../context.js';
import { findTokenOwner, issueToken } from '../domains/auth/tokens.js';
import { BODY_METHODS, key, type RouteUnderTest } from './bad-input.discovery.js';

export type Identity = 'anonymous' | 'fan' | 'performer' | 'admin';
export const IDENTITIES: readonly Identity[] = ['anonymous', 'fan', 'performer', 'admin'];

/** One request of the suite and what its answer must be. */
export interface Probe {
  identity: Identity;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  remoteAddress: string;
  label: string;
  /** The input is invalid for every caller: the answer must be a 4xx. */
  mustReject?: boolean;
  expectStatus?: number;
  /** A 400 must name this (e.g. `body.email`). */
  names?: string;
}

interface Failure {
  property: string;
  seed: number;
  reason: string;
  probe: Probe;
  answer?: string;
}

export interface Account {
  id: string;
  email: string;
  username: string;
}

export interface FuzzOptions {
  /** Base seed; each route's seed derives from it and the route, so adding a route does not reshuffle the others. */
  seed: number;
  /** Multiplies every run count (BAD_INPUT_SCALE). */
  scale: number;
  /** Requests one property may spend over all its routes; many routes means fewer runs each. */
  budget: number;
  minRuns: number;
}

/**
 * Sends probes as one of four callers, judges every answer, and keeps the failures with the
 * request that caused them instead of stopping at the first.
 */
export class BadInputHarness {
  readonly failures: Failure[] = [];
  readonly sent = { requests: 0, routes: new Set<string>() };
  private readonly stale = new Set<Identity>();

  constructor(
    private readonly app: App,
    private readonly ctx: AppContext,
    private readonly accounts: ReadonlyMap<Identity, Account>,
    private readonly tokens: Map<Identity, string>,
    private readonly options: FuzzOptions,
  ) {}

  /** The caller's token; re-issued when a probe (logout, password change) may have ended the session. */
  private async credentials(identity: Identity): Promise<Record<string, string>> {
    const account = this.accounts.get(identity);
    if (!account) return {};
    let token = this.tokens.get(identity)!;
    if (this.stale.delete(identity) && !(await findTokenOwner(this.ctx.db, token, this.ctx.now()))) {
      token = (await issueToken(this.ctx.db, account.id, false, this.ctx.now())).token;
      this.tokens.set(identity, token);
    }
    return { authorization: `Bearer ${token}` };
  }

  async send(property: string, seed: number, probe: Probe): Promise<LightMyRequestResponse | undefined> {
    this.sent.requests += 1;
    const request: InjectOptions = {
      method: probe.method as InjectOptions['method'],
      url: probe.url,
      headers: { ...(await this.credentials(probe.identity)), ...probe.headers },
      remoteAddress: probe.remoteAddress,
      ...(probe.payload !== undefined ? { payload: probe.payload } : {}),
    };
    let res: LightMyRequestResponse;
    try {
      res = await this.app.inject(request);
    } catch (error) {
      this.failures.push({ property, seed, probe, reason: `inject threw ${String(error)}` });
      return undefined;
    }
    const reason = judge(probe, res);
    if (reason) this.failures.push({ property, seed, probe, reason, answer: `${res.statusCode} ${res.body.slice(0, 300)}` });
    if ((Object.prototype as Record<string, unknown>).polluted !== undefined) {
      this.failures.push({ property, seed, probe, reason: 'Object.prototype was polluted' });
      delete (Object.prototype as Record<string, unknown>).polluted;
    }
    if (probe.identity !== 'anonymous' && res.statusCode < 300 && BODY_METHODS.has(probe.method)) this.stale.add(probe.identity);
    return res;
  }

  /** One seeded fast-check run per route. */
  async fuzz(
    property: string,
    selected: RouteUnderTest[],
    numRuns: (r: RouteUnderTest) => number,
    probes: (r: RouteUnderTest) => fc.Arbitrary<Probe>,
    /** A further check of the answer; returns what is wrong. */
    check?: (probe: Probe, res: LightMyRequestResponse) => Promise<string | undefined>,
  ): Promise<void> {
    const { seed: base, scale, budget, minRuns } = this.options;
    for (const route of selected) {
      this.sent.routes.add(key(route));
      const seed = (base ^ hash(`${property} ${key(route)}`)) >>> 0;
      const wanted = Math.min(numRuns(route), Math.max(minRuns, Math.floor(budget / selected.length)));
      // HEAD shares its GET twin's handler; a few runs show it answers the same way.
      const runs = Math.max(1, Math.round(scale * (route.method === 'HEAD' ? Math.min(6, wanted) : wanted)));
      await fc.assert(
        fc.asyncProperty(probes(route), async (probe) => {
          const res = await this.send(property, seed, probe);
          const reason = res && check ? await check(probe, res) : undefined;
          if (reason) this.failures.push({ property, seed, probe, reason, answer: `${res!.statusCode} ${res!.body.slice(0, 300)}` });
        }),
        { numRuns: runs, seed },
      );
    }
  }

  /** The failures of one property, one readable line each (the first 25, then a count). */
  report(property: string): string[] {
    const mine = this.failures.filter((f) => f.property === property);
    const lines = mine.slice(0, 25).map((f) => {
      const payload = f.probe.payload === undefined ? '' : ` payload=${JSON.stringify(String(f.probe.payload).slice(0, 200))}`;
      const headers = Object.keys(f.probe.headers).length ? ` headers=${JSON.stringify(f.probe.headers).slice(0, 300)}` : '';
      return `${f.reason} | ${f.probe.method} ${JSON.stringify(f.probe.url.slice(0, 200))} as ${f.probe.identity} (${f.probe.label}, seed ${f.seed})${headers}${payload} -> ${f.answer ?? ''}`;
    });
    return mine.length > lines.length ? [...lines, `...and ${mine.length - lines.length} more`] : lines;
  }
}

export function judge(probe: Probe, res: LightMyRequestResponse): string | undefined {
  const status = res.statusCode;
  if (status >= 500) return `answered ${status}`;
  if (probe.expectStatus !== undefined && status !== probe.expectStatus) return `expected ${probe.expectStatus}, got ${status}`;
  if (probe.mustReject && (status < 400 || status >= 500)) return `expected a 4xx, got ${status}`;
  if (status < 400 || probe.method === 'HEAD') return undefined;
  return errorShapeProblem(res, probe.names);
}

/**
 * Contract section 1 plus the stable code: `{ statusCode, message, error, code }` and, for
 * field errors, `fields`; nothing else, with a known code and a message that says something.
 */
export function errorShapeProblem(res: LightMyRequestResponse, names?: string): string | undefined {
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return 'the error body is not JSON';
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'the error body is not an object';
  const b = body as Record<string, unknown>;
  const keys = Object.keys(b).sort().join(',');
  if (keys !== 'code,error,message,statusCode' && keys !== 'code,error,fields,message,statusCode') return `the error body has the keys ${keys}`;
  if (!isErrorCode(b.code)) return `the code ${JSON.stringify(b.code)} is not in the contract's ERROR_CODES`;
  if (b.code === 'server.error' && res.statusCode < 500) return 'a client error carries server.error';
  if ('fields' in b && (!Array.isArray(b.fields) || b.fields.length === 0 || !b.fields.every((f) => typeof f === 'string'))) {
    return 'fields is not a non-empty list of names';
  }
  if (b.statusCode !== res.statusCode) return `statusCode ${String(b.statusCode)} differs from the HTTP status`;
  if (typeof b.error !== 'string' || !b.error) return 'error is empty';
  if (typeof b.message !== 'string' || !b.message.trim()) return 'message is empty';
  // Path parameters, the query and required headers (Idempotency-Key) are judged before the body, and stop there.
  const earlier = /^(params|querystring|headers)\./.test(b.message) || (Array.isArray(b.fields) && b.fields.every((f) => /^headers\./.test(String(f))));
  if (names && res.statusCode === 400 && !earlier && !b.message.includes(names)) return `the message does not name ${names}`;
  return undefined;
}

/** The route's URL with its parameters (and wildcard) replaced, in order. */
export function fill(route: RouteUnderTest, values: readonly string[]): string {
  let i = 0;
  return route.url.replace(/:[A-Za-z0-9_]+|\*/g, () => values[i++] ?? 'x');
}

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i += 1) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}
