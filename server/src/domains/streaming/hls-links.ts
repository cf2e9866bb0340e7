/**
 * Signed, viewer-bound links to a live stream's HLS (the idea of media/signed-links.ts):
 * an HMAC over the stream, the viewer and an expiry, in the query. The route serves a link
 * only to the viewer it was made for (their session), and rewrites the playlist so every
 * entry carries the same signature. A link names no file: it opens the whole stream for
 * that viewer until it expires, which is what a playlist refreshed every second needs.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { paths } from '@fandeck/contract';

/** How long a playlist link works after `GET /streaming/join/{id}` handed it out. */
export const HLS_LINK_TTL_SECONDS = 10 * 60;
export const PLAYLIST_NAME = 'index.m3u8';
export const INIT_NAME = 'init.mp4';
/** What the route may serve: the playlist, the init segment and media segments, nothing else. */
export const HLS_FILE = /^(index\.m3u8|init\.mp4|seg_\d{5,9}\.m4s)$/;

export interface HlsLink {
  streamId: string;
  /** The viewer the link was made for; `public` for a signed-out visitor of an open stream. */
  viewer: string;
  /** Unix seconds. */
  expires: number;
}

const signatureOf = (secret: string, link: HlsLink) =>
  // The `hls` prefix keeps these apart from media links signed with the same secret.
  createHmac('sha256', secret).update(`hls\n${link.streamId}\n${link.viewer}\n${link.expires}`).digest('base64url');

export function signHlsQuery(secret: string, streamId: string, viewerId: string | null, now = Date.now(), ttlSeconds = HLS_LINK_TTL_SECONDS): string {
  const link: HlsLink = { streamId, viewer: viewerId ?? 'public', expires: Math.floor(now / 1000) + ttlSeconds };
  return new URLSearchParams({ v: link.viewer, e: String(link.expires), s: signatureOf(secret, link) }).toString();
}

/** The path (under the origin) of one file of a stream's HLS, signed for this viewer. */
export function signHlsPath(secret: string, streamId: string, file: string, viewerId: string | null, now = Date.now()): string {
  const path = `/api${paths['streaming.hls']}`.replace(':id', encodeURIComponent(streamId)).replace(':file', encodeURIComponent(file));
  return `${path}?${signHlsQuery(secret, streamId, viewerId, now)}`;
}

/** Whether the signature is right, unexpired, and made for this viewer (a `public` link: anyone). */
export function checkHlsLink(secret: string, link: HlsLink, signature: string, viewerId: string | null, now = Date.now()): boolean {
  if (!Number.isSafeInteger(link.expires) || link.expires * 1000 < now) return false;
  if (link.viewer !== 'public' && link.viewer !== viewerId) return false;
  const expected = Buffer.from(signatureOf(secret, link));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * The playlist ffmpeg wrote, with the init segment and each media segment carrying the
 * query the playlist was fetched with (relative URIs: they resolve beside the playlist).
 * Anything else is dropped rather than passed on unsigned.
 */
export function rewriteHlsPlaylist(text: string, query: string): string {
  return text
    .split('\n')
    .map((line) => {
      const entry = line.trim();
      if (entry.startsWith('#EXT-X-MAP:')) {
        return entry.replace(/URI="([^"]*)"/, (_all, uri: string) => (uri === INIT_NAME ? `URI="${INIT_NAME}?${query}"` : 'URI=""'));
      }
      if (!entry || entry.startsWith('#')) return line;
      return /^seg_\d{5,9}\.m4s$/.test(entry) ? `${entry}?${query}` : '';
    })
    .join('\n');
}
