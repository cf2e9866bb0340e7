import { describe, expect, it } from 'vitest';
import { AUDIO_TYPES, IMAGE_TYPES, sniff, VIDEO_TYPES } from './sniff.js';

const hex = (text: string) => Buffer.from(text.replace(/\s+/g, ''), 'hex');
const ascii = (text: string) => Buffer.from(text, 'latin1');

describe('sniff', () => {
  it('tells audio kinds by their first bytes', () => {
    expect(sniff(ascii('ID3\x04\x00\x00\x00\x00\x00#TSSE\x00\x00'))).toBe('audio/mpeg');
    expect(sniff(hex('fffb 9064 0000 0000 0000 0000 0000 0000'))).toBe('audio/mpeg');
    expect(sniff(hex('fff1 5040 213f fcde 0200 4c61 7663 3539'))).toBe('audio/aac');
    expect(sniff(hex('0000 001c 6674 7970 4d34 4120 0000 0200'))).toBe('audio/mp4');
    expect(sniff(ascii('OggS\x00\x02\x00\x00\x00\x00\x00\x00\x00\x00\x9b\x39'))).toBe('audio/ogg');
    expect(sniff(ascii('RIFFV\xb1\x02\x00WAVEfmt '))).toBe('audio/wav');
    // WebM audio starts like any WebM: accepted as audio by the audio list, the transcode keeps only its sound.
    expect(sniff(hex('1a45 dfa3 9f42 8681 0142 f781 0142 f281'))).toBe('video/webm');
    for (const type of ['audio/mpeg', 'audio/aac', 'audio/mp4', 'audio/ogg', 'audio/wav', 'video/webm'] as const) expect(AUDIO_TYPES).toContain(type);
  });

  it('still tells images and videos apart from audio', () => {
    expect(sniff(hex('ffd8 ffe0 0010 4a46 4946 0001 0100 0001'))).toBe('image/jpeg');
    expect(sniff(ascii('RIFF\x00\x00\x00\x00WEBPVP8 '))).toBe('image/webp');
    expect(sniff(hex('0000 0020 6674 7970 6973 6f6d 0000 0200'))).toBe('video/mp4');
    expect(sniff(hex('0000 0014 6674 7970 7174 2020 0000 0000'))).toBe('video/quicktime');
    // A byte 0xff followed by something that is no frame sync is nothing.
    expect(sniff(hex('ff00 0000 0000 0000 0000 0000 0000 0000'))).toBeNull();
    expect(sniff(hex('ffe1 0000 0000 0000 0000 0000 0000 0000'))).toBeNull();
    for (const audio of AUDIO_TYPES.filter((t) => t.startsWith('audio/'))) {
      expect(IMAGE_TYPES).not.toContain(audio);
      expect(VIDEO_TYPES).not.toContain(audio);
    }
  });
});
