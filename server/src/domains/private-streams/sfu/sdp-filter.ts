/**
 * Narrows a client's offer to what the SFU forwards: VP8 video and Opus audio. Every other
 * payload type is taken out of its m-line (with its rtpmap, fmtp and rtcp-fb lines); an
 * m-line left with none, or that is not audio or video, gets port 0, which rejects it, so the
 * answer made from the narrowed offer carries no other codec.
 */

export type MediaKind = 'audio' | 'video';

/** What was kept of one m-line: its mid, its kind and the payload type the client sends with. */
export interface KeptMedia {
  mid: string;
  kind: MediaKind;
  payloadType: number;
}

export interface FilteredOffer {
  sdp: string;
  media: KeptMedia[];
}

/**
 * Transport-wide congestion control (its feedback and its header extension) is taken out, so
 * the browsers use receiver-side estimation (REMB, with abs-send-time), which the SFU relays
 * end to end. A design choice, not a measured failure: with transport-cc the sender keeps
 * per-packet state that only the receiver's feedback clears, so packets sent while nobody
 * was receiving (one side left) would stay unacknowledged in its congestion window; a REMB
 * is a plain rate that the next receiver simply sends. A short leave and rejoin worked with
 * either in test/e2e/private-call.test.ts, and the bench measured both at about 1 Mbit/s.
 */
const SENDER_SIDE_FEEDBACK = /^a=(rtcp-fb:\d+ transport-cc\b|extmap:\d+(\/\w+)? http:\/\/www\.ietf\.org\/id\/draft-holmer-rmcat-transport-wide-cc-extensions)/;

const ALLOWED: Record<MediaKind, RegExp> = { video: /^vp8\/90000$/i, audio: /^opus\/48000(\/2)?$/i };

/** The payload type a per-payload attribute line speaks of, or null for other lines. */
function payloadTypeOf(line: string): number | null {
  const match = /^a=(?:rtpmap|fmtp|rtcp-fb):(\d+)[ \s]/.exec(line);
  return match ? Number(match[1]) : null;
}

function filterSection(lines: string[]): { lines: string[]; kept: KeptMedia | null } {
  const mLine = lines[0]!.split(' ');
  const kind = mLine[0]!.slice(2);
  const mid = lines.find((l) => l.startsWith('a=mid:'))?.slice(6).trim() ?? '';
  const allowed = kind === 'audio' || kind === 'video' ? ALLOWED[kind] : null;
  const keep = new Set<number>();
  if (allowed) {
    for (const line of lines) {
      const match = /^a=rtpmap:(\d+) (\S+)/.exec(line);
      if (match && allowed.test(match[2]!)) keep.add(Number(match[1]));
    }
  }
  if (keep.size === 0 || !mid) {
    // Rejected: port 0, the format list left as it was (an m-line needs one).
    return { lines: [[mLine[0], '0', ...mLine.slice(2)].join(' '), ...lines.slice(1)], kept: null };
  }
  const formats = mLine.slice(3).filter((pt) => keep.has(Number(pt)));
  const rest = lines.slice(1).filter((line) => {
    if (SENDER_SIDE_FEEDBACK.test(line)) return false;
    const pt = payloadTypeOf(line);
    return pt === null || keep.has(pt);
  });
  return {
    lines: [[...mLine.slice(0, 3), ...formats].join(' '), ...rest],
    kept: { mid, kind: kind as MediaKind, payloadType: Number(formats[0]) },
  };
}

export function filterOffer(sdp: string): FilteredOffer {
  const lines = sdp.split(/\r?\n/).filter((l) => l.length > 0);
  const session: string[] = [];
  const sections: string[][] = [];
  for (const line of lines) {
    if (line.startsWith('m=')) sections.push([line]);
    else if (sections.length > 0) sections[sections.length - 1]!.push(line);
    else session.push(line);
  }
  const media: KeptMedia[] = [];
  const out = [...session];
  for (const section of sections) {
    const filtered = filterSection(section);
    if (filtered.kept) media.push(filtered.kept);
    out.push(...filtered.lines);
  }
  // A BUNDLE group may only name m-lines that are not rejected.
  const bundled = new Set(media.map((m) => m.mid));
  const fixed = out
    .map((line) => (line.startsWith('a=group:BUNDLE') ? ['a=group:BUNDLE', ...line.slice(15).trim().split(' ').filter((mid) => bundled.has(mid))].join(' ') : line))
    .filter((line) => line !== 'a=group:BUNDLE');
  return { sdp: `${fixed.join('\r\n')}\r\n`, media };
}

/** Takes the codec lines out of the answer's rejected (port 0) m-lines: they name nothing the SFU takes. */
export function tidyAnswer(sdp: string): string {
  let rejected = false;
  const lines = sdp.split(/\r?\n/).filter((l) => l.length > 0);
  const out = lines.filter((line) => {
    if (line.startsWith('m=')) rejected = line.split(' ')[1] === '0';
    return !(rejected && payloadTypeOf(line) !== null);
  });
  return `${out.join('\r\n')}\r\n`;
}
