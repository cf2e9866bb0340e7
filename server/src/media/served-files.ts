/**
 * What a signed media link may name within one file, and how it is sent. An allow-list:
 * a stored size by its exact name (`small`, `teaser`, an audio file's `audio`), a playlist (`master.m3u8`,
 * `v360.m3u8`) or a segment of a rendition that exists (`v360_00012.ts`), each resolved
 * from the file's own record, never from the path text.
 */
import path from 'node:path';
import { MEDIA_LINK_TTL_SECONDS, signMediaPath } from './signed-links.js';

type Variant = { name: string; path: string };

export interface ServedFile {
  /** Relative to the uploads folder. */
  path: string;
  contentType: string;
  /** Playlists are rewritten so every entry is a link signed for the same viewer. */
  playlist: 'master' | 'rendition' | null;
  /** For a rendition's playlist: the name its segments are served under (`v360`). */
  rendition?: string;
}

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.mp4': 'video/mp4',
  /** An audio file's `audio`: AAC in MP4. */
  '.m4a': 'audio/mp4',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  // A digital product's file (`download`), kept as its creator sent it.
  '.pdf': 'application/pdf',
  '.zip': 'application/zip',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.wav': 'audio/wav',
  '.webm': 'video/webm',
  '.mov': 'video/quicktime',
};

/** A name a link may carry: letters, digits, `_`, and one known extension. */
export const SERVED_NAME = /^[a-z0-9_]{1,24}(\.m3u8|\.ts)?$/;

export function resolveServed(variants: readonly Variant[] | null, name: string): ServedFile | null {
  if (!variants || !SERVED_NAME.test(name)) return null;
  const byName = (wanted: string) => variants.find((v) => v.name === wanted);
  const typed = (file: string, playlist: ServedFile['playlist'] = null, rendition?: string): ServedFile | null => {
    const contentType = CONTENT_TYPES[path.posix.extname(file)];
    return contentType ? { path: file, contentType, playlist, ...(rendition ? { rendition } : {}) } : null;
  };
  if (name === 'master.m3u8') {
    const master = byName('master');
    return master ? typed(master.path, 'master') : null;
  }
  const playlist = /^(v\d{2,4})\.m3u8$/.exec(name);
  if (playlist) {
    const rendition = byName(playlist[1]!);
    return rendition ? typed(rendition.path, 'rendition', rendition.name) : null;
  }
  const segment = /^(v\d{2,4})_(\d{5})\.ts$/.exec(name);
  if (segment) {
    const rendition = byName(segment[1]!);
    return rendition ? typed(path.posix.join(path.posix.dirname(rendition.path), `seg_${segment[2]}.ts`)) : null;
  }
  if (name.includes('.') || name === 'master' || /^v\d/.test(name)) return null;
  const variant = byName(name);
  return variant ? typed(variant.path) : null;
}

/**
 * A playlist with each entry replaced by a link for this viewer. Links last the video's
 * length beyond the usual few minutes, so a whole viewing needs one playlist fetch.
 */
export function rewritePlaylist(
  text: string,
  served: ServedFile,
  link: { secret: string; fileId: string; viewerId: string | null; durationSeconds: number | null; now?: number },
): string {
  const ttl = MEDIA_LINK_TTL_SECONDS + (link.durationSeconds ?? 0);
  const sign = (name: string) => signMediaPath(link.secret, link.fileId, name, link.viewerId, link.now, ttl);
  return text
    .split('\n')
    .map((line) => {
      const entry = line.trim();
      if (!entry || entry.startsWith('#')) return line;
      if (served.playlist === 'master' && /^v\d{2,4}\.m3u8$/.test(entry)) return sign(entry);
      const segment = /^seg_(\d{5})\.ts$/.exec(entry);
      if (served.playlist === 'rendition' && segment) return sign(`${served.rendition}_${segment[1]}.ts`);
      // Anything else ffmpeg might write is dropped rather than passed on unsigned.
      return '';
    })
    .join('\n');
}
