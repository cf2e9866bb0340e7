/**
 * What a file is, from its first bytes rather than its name or the type the browser
 * declared. Each upload route accepts an allow-list of these kinds.
 */
export type SniffedType =
  | 'image/jpeg'
  | 'image/png'
  | 'image/webp'
  | 'image/gif'
  | 'video/mp4'
  | 'video/webm'
  | 'video/quicktime'
  | 'audio/mpeg'
  | 'audio/aac'
  | 'audio/mp4'
  | 'audio/ogg'
  | 'audio/wav'
  | 'application/pdf';

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
  if (startsWith(head, ascii('ftyp'), 4)) {
    if (startsWith(head, ascii('qt  '), 8)) return 'video/quicktime';
    // iTunes-style audio brands: an .m4a (AAC or ALAC), an audiobook.
    return startsWith(head, ascii('M4A '), 8) || startsWith(head, ascii('M4B '), 8) ? 'audio/mp4' : 'video/mp4';
  }
  if (startsWith(head, ascii('ID3'))) return 'audio/mpeg';
  if (startsWith(head, ascii('OggS'))) return 'audio/ogg';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WAVE'), 8)) return 'audio/wav';
  if (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0) {
    // An MPEG audio frame sync (11 bits set); layer bits 00 mark ADTS, the raw AAC stream.
    const layer = (head[1]! >> 1) & 0x03;
    if (layer === 0) return (head[1]! & 0x10) === 0x10 ? 'audio/aac' : null;
    return 'audio/mpeg';
  }
  if (startsWith(head, ascii('%PDF-'))) return 'application/pdf';
  return null;
}

export const IMAGE_TYPES: readonly SniffedType[] = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

export const VIDEO_TYPES: readonly SniffedType[] = ['video/mp4', 'video/webm', 'video/quicktime'];

/**
 * Audio uploads: MP3, AAC (ADTS or in an M4A), Ogg, WAV, and WebM, whose first bytes are
 * the same as a WebM video's (the transcode keeps its audio and fails a file without any).
 */
export const AUDIO_TYPES: readonly SniffedType[] = ['audio/mpeg', 'audio/aac', 'audio/mp4', 'audio/ogg', 'audio/wav', 'video/webm'];
