/**
 * The bridge's `media` call. A media link is signed for one viewer and the server serves
 * it only with that viewer's session (server/src/media/signed-links.ts), which a
 * third-party page's <img> never sends: the credential lives in this frame, and the
 * platform's cookie is SameSite=Lax. So the bridge fetches the file with the credential
 * and answers the page its bytes as a Blob.
 *
 * Not a proxy: only the contract route `media.file` on the platform origin, decided as
 * plain calls are (bridge-policy.ts): on the decoded path, with the contract's path
 * matcher, and sent in its canonical spelling; with the link's own query (`v`, `e`, `s`)
 * and nothing else; the answer only when it is a media type, and at most 25 MB. Loaded with
 * the first `media` call.
 *
 * Scoped as the page-scoped routes are: the fetch carries the page's origin
 * (`PAGE_ORIGIN_HEADER`, the origin the browser reported), and the server hands a page only
 * the files of the creators who own it and of its conversations, never another creator's the
 * fan may see (server/src/domains/media/media-scope.ts).
 */
import { bridgePaths, canonicalPath, matchTemplate, PAGE_ORIGIN_HEADER, parsePath } from '@fandeck/contract';
import type { TransportResult } from '../session/transport.js';
import { aborted, bridgeError, unreachable } from './bridge-errors.js';

/**
 * The path of the one route a `media` call may reach, contract `media.file`, from the
 * bridge's part of the route table (`bridgePaths`, generated beside embed-routes.ts, so
 * the whole table stays out of the bridge's first load). bridge-media.test.ts checks that
 * the router's matcher (`matchRoute`) takes every path allowed here to that route and no other.
 */
export const MEDIA_FILE_PATH = bridgePaths.mediaFile;
/** Contract `streaming.hls`: a live stream's playlist and segments, signed per viewer the same way. */
export const STREAM_HLS_PATH = bridgePaths.streamHls;
const MEDIA_TEMPLATES = [MEDIA_FILE_PATH, STREAM_HLS_PATH] as const;
export const MEDIA_MAX_BYTES = 25 * 1024 * 1024;

/**
 * What the media route serves and a page may be handed: pictures, audio, MP4 video, and a
 * video's HLS playlists and segments (which hls.js loads through the bridge on a page).
 */
const MEDIA_TYPE = /^(?:image\/[a-z0-9.+-]+|audio\/[a-z0-9.+-]+|video\/mp4|video\/mp2t|video\/iso\.segment|application\/vnd\.apple\.mpegurl)$/;

/** A signed link's query, exactly: the viewer, the expiry (Unix seconds) and the signature. */
const LINK_QUERY = new Map<string, RegExp>([
  ['v', /^[A-Za-z0-9_-]{1,64}$/],
  ['e', /^\d{1,12}$/],
  ['s', /^[A-Za-z0-9_-]{1,128}$/],
]);

export type MediaTarget = { ok: true; url: URL } | { ok: false; message: string };

const no = (message: string): MediaTarget => ({ ok: false, message });

/**
 * The URL to fetch for a page's media link (absolute on the platform origin, or a path
 * from the root), or why not. Decided on the link as the page wrote it, before any URL
 * parser could resolve a dot segment or an encoded slash into another path.
 */
export function allowedMedia(platformOrigin: string, link: string): MediaTarget {
  const origin = new URL(platformOrigin).origin;
  const local = link.startsWith(`${origin}/`) ? link.slice(origin.length) : link;
  if (!local.startsWith('/') || local.startsWith('//')) return no('Not a link on the platform');
  if (local.includes('#')) return no('A media link has no fragment');
  const [path = '', query = '', ...more] = local.split('?');
  if (more.length > 0) return no('Not a media link');
  // The routes are mounted under /api: a link names it.
  if (!path.startsWith('/api/')) return no('Not an API path');
  const parsed = parsePath(path);
  if (!parsed.ok) return no(`Not a media link (${parsed.reason})`);
  if (!MEDIA_TEMPLATES.some((template) => matchTemplate(template, parsed.segments))) return no('Only media files may be fetched this way');
  const canonical = canonicalPath(parsed.segments);

  const params = new URLSearchParams(query);
  const keys = [...params.keys()];
  if (keys.length !== LINK_QUERY.size || new Set(keys).size !== keys.length) return no('A media link carries v, e and s, once each');
  for (const [key, value] of params) {
    if (!LINK_QUERY.get(key)?.test(value)) return no(`Not a media link's ${key}`);
  }
  const url = new URL(`/api${canonical}`, origin);
  for (const key of LINK_QUERY.keys()) url.searchParams.set(key, params.get(key)!);
  // As for plain calls: the parser must not have read the canonical path as another one.
  if (url.origin !== origin || url.pathname !== `/api${canonical}`) return no('Not an API path');
  return { ok: true, url };
}

/**
 * Fetches an allowed media URL with the credential in the Authorization header (never a
 * cookie, never a redirect elsewhere, never from the HTTP cache: a link another fan was
 * given must not be answered from what that fan fetched) and the page's origin, and answers
 * its bytes; a refusal of the server's as `refusal` relays it.
 */
export async function fetchMedia(
  url: URL,
  token: string | null,
  signal: AbortSignal,
  refusal: (status: number, text: string) => TransportResult<never>,
  pageOrigin: string,
): Promise<TransportResult<Blob>> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { [PAGE_ORIGIN_HEADER]: pageOrigin, ...(token ? { authorization: token } : {}) },
      credentials: 'omit',
      cache: 'no-store',
      redirect: 'error',
      referrerPolicy: 'no-referrer',
      signal,
    });
  } catch {
    return signal.aborted ? aborted() : unreachable();
  }
  if (!response.ok) return refusal(response.status, await response.text().catch(() => ''));
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!MEDIA_TYPE.test(type)) {
    void response.body?.cancel().catch(() => undefined);
    return bridgeError(415, 'media.unsupported_type', 'Not a media file');
  }
  if (Number(response.headers.get('content-length')) > MEDIA_MAX_BYTES) {
    void response.body?.cancel().catch(() => undefined);
    return bridgeError(413, 'media.too_large', 'The media file is too large to hand over');
  }
  const chunks = await readAtMost(response, MEDIA_MAX_BYTES).catch(() => undefined);
  if (chunks === undefined || signal.aborted) return signal.aborted ? aborted() : unreachable();
  if (chunks === null) return bridgeError(413, 'media.too_large', 'The media file is too large to hand over');
  return { ok: true, status: response.status, data: new Blob(chunks, { type }) };
}

/** The body's chunks, or null as soon as it grows past `limit` (a length header may be missing or wrong). */
async function readAtMost(response: Response, limit: number): Promise<BlobPart[] | null> {
  const reader = response.body?.getReader();
  const chunks: BlobPart[] = [];
  if (!reader) return chunks;
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
}
