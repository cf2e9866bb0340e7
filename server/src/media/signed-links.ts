import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a media link works after it was handed out. */
export const MEDIA_LINK_TTL_SECONDS = 10 * 60;

export interface MediaLink {
  fileId: string;
  size: string;
  /** The user the link was made for; `public` for a signed-out visitor of free media. */
  viewer: string;
  /** Unix seconds. */
  expires: number;
}

const signatureOf = (secret: string, link: MediaLink) =>
  createHmac('sha256', secret).update(`${link.fileId}\n${link.size}\n${link.viewer}\n${link.expires}`).digest('base64url');

/**
 * The path of a media file for one viewer, valid for a few minutes. It carries no
 * credential: it names the viewer it was made for, and the file route serves it only to
 * that viewer (their own session cookie or header), so a copied link is of no use to
 * anyone else, and is of no use to anyone once expired.
 */
export function signMediaPath(secret: string, fileId: string, size: string, viewerId: string | null, now = Date.now(), ttlSeconds = MEDIA_LINK_TTL_SECONDS): string {
  const link: MediaLink = { fileId, size, viewer: viewerId ?? 'public', expires: Math.floor(now / 1000) + Math.ceil(ttlSeconds) };
  const query = new URLSearchParams({ v: link.viewer, e: String(link.expires), s: signatureOf(secret, link) });
  return `/api/media/files/${encodeURIComponent(fileId)}/${encodeURIComponent(size)}?${query}`;
}

/** Whether a link's signature is right, it has not expired and it was made for this viewer. */
export function checkMediaLink(secret: string, link: MediaLink, signature: string, viewerId: string | null, now = Date.now()): boolean {
  if (!Number.isSafeInteger(link.expires) || link.expires * 1000 < now) return false;
  if (link.viewer !== (viewerId ?? 'public') && link.viewer !== 'public') return false;
  const expected = Buffer.from(signatureOf(secret, link));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
