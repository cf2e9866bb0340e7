/**
 * What a file is, from its first bytes rather than its name or the type the browser
 * declared. Each upload route accepts an allow-list of these kinds.
 */
export type SniffedType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif' | 'video/mp4' | 'video/webm' | 'video/quicktime' | 'application/pdf';

/** How many leading bytes `sniff` needs. */
export const SNIFF_BYTES = 16;

const startsWith = (head: Buffer, bytes: readonly number[], at = 0) => head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

export function sniff(head: Buffer): SniffedType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return 'video/webm';
  if (startsWith(head, ascii('ftyp'), 4)) return startsWith(head, ascii('qt  '), 8) ? 'video/quicktime' : 'video/mp4';
  if (startsWith(head, ascii('%PDF-'))) return 'application/pdf';
  return null;
}

export const IMAGE_TYPES: readonly SniffedType[] = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

export const VIDEO_TYPES: readonly SniffedType[] = ['video/mp4', 'video/webm', 'video/quicktime'];
