/**
 * Fetches the proof that a creator controls an origin: the listing's token in
 * `ORIGIN_PROOF_PATH` (one token a line), else in a `<meta name="fandeck-origin">` tag of the
 * home page. The platform makes these requests itself, to an address a creator chose, so
 * they are kept small and contained: http(s) only, a short deadline, a size cap, redirects
 * followed only within the same origin, and (unless `allowPrivate`) no connection to a
 * loopback or private address, checked on the address actually connected to.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { ORIGIN_PROOF_META, ORIGIN_PROOF_PATH } from '@fandeck/contract';
import { isPrivateAddress } from './origin-address.js';

/** The proof file is a few tokens; anything bigger is not one. */
export const PROOF_FILE_MAX_BYTES = 4096;
/** Of the home page only the start is read: the meta tag belongs in its head. */
export const PROOF_PAGE_READ_BYTES = 64 * 1024;
export const PROOF_TIMEOUT_MS = 5000;
const MAX_REDIRECTS = 3;

export interface ProofOptions {
  /** Loopback and private addresses may be fetched (never in production). */
  allowPrivate: boolean;
  timeoutMs?: number;
}

export type ProofResult = { ok: true; where: 'file' | 'meta' } | { ok: false; reason: string };

type Fetched = { ok: true; body: string } | { ok: false; reason: string };

/** Looks for `token` on `origin` (normalised), the file first. The reason names what was found instead. */
export async function findOriginProof(origin: string, token: string, options: ProofOptions): Promise<ProofResult> {
  const file = await fetchText(origin, ORIGIN_PROOF_PATH, { ...options, maxBytes: PROOF_FILE_MAX_BYTES, truncate: false });
  if (file.ok && fileHolds(file.body, token)) return { ok: true, where: 'file' };
  const fileReason = file.ok ? 'does not hold this listing’s token' : file.reason;
  const page = await fetchText(origin, '/', { ...options, maxBytes: PROOF_PAGE_READ_BYTES, truncate: true });
  if (page.ok && metaTokens(page.body).includes(token)) return { ok: true, where: 'meta' };
  const pageReason = page.ok ? `has no <meta name="${ORIGIN_PROOF_META}"> with this listing’s token` : page.reason;
  return { ok: false, reason: `${origin}${ORIGIN_PROOF_PATH} ${fileReason}; ${origin}/ ${pageReason}` };
}

/** One token a line (several creators may prove the same site); blank lines and spaces around are ignored. */
export function fileHolds(body: string, token: string): boolean {
  return body.split(/\r?\n/).some((line) => line.trim() === token);
}

/** The `content` of every `<meta name="fandeck-origin" content="...">`, attributes in any order. */
export function metaTokens(html: string): string[] {
  const found: string[] = [];
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/gi)) {
    const attrs = new Map<string, string>();
    for (const match of tag.matchAll(/([a-z-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi)) {
      attrs.set(match[1]!.toLowerCase(), (match[2] ?? match[3] ?? match[4] ?? '').trim());
    }
    if (attrs.get('name')?.toLowerCase() === ORIGIN_PROOF_META && attrs.has('content')) found.push(attrs.get('content')!);
  }
  return found;
}

interface FetchOptions extends ProofOptions {
  maxBytes: number;
  /** Read only the first `maxBytes` (a page) rather than refuse a larger body (the file). */
  truncate: boolean;
}

async function fetchText(origin: string, path: string, options: FetchOptions): Promise<Fetched> {
  const timeoutMs = options.timeoutMs ?? PROOF_TIMEOUT_MS;
  const deadline = Date.now() + timeoutMs;
  let url = new URL(path, origin);
  for (let hop = 0; ; hop += 1) {
    const left = deadline - Date.now();
    if (left <= 0) return { ok: false, reason: `did not answer within ${timeoutMs} ms` };
    const answer = await fetchOnce(url, options, left);
    if (answer.kind !== 'redirect') return answer.result;
    // A redirect: followed only within the origin, where the creator's control was to be shown.
    let next: URL;
    try {
      next = new URL(answer.location, url);
    } catch {
      return { ok: false, reason: 'redirects to an invalid address' };
    }
    if (next.origin !== origin) return { ok: false, reason: `redirects to another site (${next.origin}); serve it on ${origin} itself` };
    if (hop >= MAX_REDIRECTS) return { ok: false, reason: 'redirects too many times' };
    url = next;
  }
}

type Once = { kind: 'body' | 'failed'; result: Fetched } | { kind: 'redirect'; location: string };

function fetchOnce(url: URL, options: FetchOptions, timeoutMs: number): Promise<Once> {
  const host = url.hostname;
  if (!options.allowPrivate && isPrivateAddress(host)) return Promise.resolve(failed('is on a private or loopback address'));
  const request = url.protocol === 'https:' ? httpsRequest : url.protocol === 'http:' ? httpRequest : undefined;
  if (!request) return Promise.resolve(failed('is not http or https'));
  return new Promise<Once>((resolve) => {
    let settled = false;
    const settle = (value: Once) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve(value);
    };
    const req = request(url, {
      method: 'GET',
      agent: false,
      headers: { accept: 'text/plain, text/html;q=0.9', 'user-agent': 'Fandeck-origin-check/1' },
      ...(options.allowPrivate ? {} : { lookup: publicOnlyLookup }),
    });
    const timer = setTimeout(() => settle(failed(`did not answer within ${options.timeoutMs ?? PROOF_TIMEOUT_MS} ms`)), timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) => {
      const reason = error.code === PRIVATE_CODE ? 'resolves to a private or loopback address' : `could not be reached (${error.code ?? error.message})`;
      settle(failed(reason));
    });
    req.on('response', (response: IncomingMessage) => {
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && location) return settle({ kind: 'redirect', location });
      if (status !== 200) return settle(failed(`answered HTTP ${status}`));
      const declared = Number(response.headers['content-length']);
      if (!options.truncate && declared > options.maxBytes) return settle(failed(`is larger than ${options.maxBytes} bytes`));
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size <= options.maxBytes) return;
        if (!options.truncate) return settle(failed(`is larger than ${options.maxBytes} bytes`));
        settle(body(Buffer.concat(chunks).subarray(0, options.maxBytes)));
      });
      response.on('end', () => settle(body(Buffer.concat(chunks))));
      response.on('error', () => settle(failed('broke off while answering')));
    });
    req.end();
  });
}

const failed = (reason: string): Once => ({ kind: 'failed', result: { ok: false, reason } });
const body = (bytes: Buffer): Once => ({ kind: 'body', result: { ok: true, body: bytes.toString('utf8') } });

const PRIVATE_CODE = 'EFANDECK_PRIVATE_ADDRESS';

/** DNS as usual, but a name with any loopback or private address is refused before connecting. */
const publicOnlyLookup = ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error);
    if (addresses.length === 0 || addresses.some((entry) => isPrivateAddress(entry.address))) {
      return callback(Object.assign(new Error(`${hostname} resolves to a private address`), { code: PRIVATE_CODE }));
    }
    if (options.all) return callback(null, addresses);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}) as unknown as LookupFunction;
