import { describe, expect, it } from 'vitest';
import { filterOffer, tidyAnswer } from './sdp-filter.js';

/** The video and audio sections of an offer as Chromium writes them (trimmed to what the filter reads). */
const chromeOffer = [
  'v=0',
  'o=- 1 2 IN IP4 127.0.0.1',
  's=-',
  't=0 0',
  'a=group:BUNDLE 0 1 2',
  'm=audio 9 UDP/TLS/RTP/SAVPF 111 63',
  'a=mid:0',
  'a=extmap:1 urn:ietf:params:rtp-hdrext:ssrc-audio-level',
  'a=extmap:3 http://www.ietf.org/id/draft-holmer-rmcat-transport-wide-cc-extensions-01',
  'a=rtpmap:111 opus/48000/2',
  'a=rtcp-fb:111 transport-cc',
  'a=fmtp:111 minptime=10;useinbandfec=1',
  'a=rtpmap:63 red/48000/2',
  'm=video 9 UDP/TLS/RTP/SAVPF 96 97 102',
  'a=mid:1',
  'a=extmap:2 http://www.webrtc.org/experiments/rtp-hdrext/abs-send-time',
  'a=extmap:3 http://www.ietf.org/id/draft-holmer-rmcat-transport-wide-cc-extensions-01',
  'a=rtpmap:96 VP8/90000',
  'a=rtcp-fb:96 goog-remb',
  'a=rtcp-fb:96 transport-cc',
  'a=rtcp-fb:96 nack pli',
  'a=rtpmap:97 rtx/90000',
  'a=fmtp:97 apt=96',
  'a=rtpmap:102 H264/90000',
  'a=rtcp-fb:102 transport-cc',
  'm=application 9 UDP/DTLS/SCTP webrtc-datachannel',
  'a=mid:2',
  '',
].join('\r\n');

describe('the SFU offer filter', () => {
  const { sdp, media } = filterOffer(chromeOffer);
  const lines = sdp.split('\r\n');
  const section = (mid: string) => sdp.split(/\r\n(?=m=)/).find((s) => s.includes(`a=mid:${mid}\r\n`)) ?? '';

  it('keeps VP8 and Opus only, with the payload types the client sends', () => {
    expect(media).toEqual([
      { mid: '0', kind: 'audio', payloadType: 111 },
      { mid: '1', kind: 'video', payloadType: 96 },
    ]);
    expect(section('1')).toMatch(/^m=video 9 UDP\/TLS\/RTP\/SAVPF 96\r\n/);
    expect(section('1')).not.toMatch(/H264|rtx|a=fmtp:97/);
    expect(section('0')).not.toMatch(/red\/48000/);
  });

  it('takes transport-cc out (feedback and header extension) and keeps REMB, abs-send-time, NACK and PLI', () => {
    expect(lines.filter((l) => /transport-cc|transport-wide-cc/.test(l))).toEqual([]);
    expect(section('1')).toContain('a=rtcp-fb:96 goog-remb');
    expect(section('1')).toContain('a=rtcp-fb:96 nack pli');
    expect(section('1')).toContain('abs-send-time');
    expect(section('0')).toContain('ssrc-audio-level');
  });

  it('rejects the data channel and leaves it out of the bundle', () => {
    expect(section('2')).toMatch(/^m=application 0 /);
    expect(lines).toContain('a=group:BUNDLE 0 1');
  });

  it('tidies the codec lines out of rejected sections of the answer', () => {
    const answer = ['v=0', 'm=video 0 UDP/TLS/RTP/SAVPF 102', 'a=mid:1', 'a=rtpmap:102 H264/90000', 'a=rtcp-fb:102 nack', ''].join('\r\n');
    expect(tidyAnswer(answer)).toBe(['v=0', 'm=video 0 UDP/TLS/RTP/SAVPF 102', 'a=mid:1', ''].join('\r\n'));
  });
});
