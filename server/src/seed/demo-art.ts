/**
 * The demo's pictures, drawn as SVG at seed time (no photos ship with the code): portraits
 * for avatars, scenes for covers, photo posts and the frames of demo videos. Each drawing
 * is deterministic (a seeded random), so every fresh start looks the same. No text: a
 * machine without fonts draws them the same.
 */

export type SceneKind = 'mountains' | 'city' | 'food' | 'sunrise' | 'stage' | 'bokeh' | 'gym';

/** A small deterministic random (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hsl = (h: number, s: number, l: number, a = 1) => `hsla(${Math.round(((h % 360) + 360) % 360)},${s}%,${l}%,${a})`;
const svg = (w: number, h: number, body: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;
const gradient = (id: string, stops: string[], vertical = true) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}">${stops.map((color, i) => `<stop offset="${i / Math.max(1, stops.length - 1)}" stop-color="${color}"/>`).join('')}</linearGradient>`;

const HAIR: Record<string, string> = { brown: '#5a3825', black: '#1c1a1a', blond: '#d8b25c', red: '#9c3b1f', ginger: '#b5562a', brunet: '#3b2718', white: '#e8e4dc' };
const SKIN = ['#f1c9a5', '#e0ac84', '#c68863', '#a0694a', '#7a4a32'];

/** A portrait for an avatar: head and shoulders on the creator's colour, hair in their hair colour. */
export function portraitSvg(hue: number, hair: string, skinTone: number, longHair: boolean): string {
  const skin = SKIN[skinTone % SKIN.length]!;
  const hairColour = HAIR[hair] ?? HAIR.brown!;
  const back = longHair ? `<path d="M150 230 Q150 110 256 104 Q362 110 362 230 L374 372 Q256 404 138 372 Z" fill="${hairColour}"/>` : '';
  const top = longHair
    ? `<path d="M166 214 Q170 118 256 112 Q342 118 346 214 Q300 160 236 168 Q190 176 166 214 Z" fill="${hairColour}"/>`
    : `<path d="M172 206 Q170 120 256 116 Q342 120 340 206 Q320 164 256 160 Q192 164 172 206 Z" fill="${hairColour}"/>`;
  return svg(
    512,
    512,
    `<defs>${gradient('bg', [hsl(hue, 70, 62), hsl(hue + 40, 65, 38)])}</defs>
<rect width="512" height="512" fill="url(#bg)"/>
<circle cx="420" cy="90" r="120" fill="${hsl(hue + 80, 80, 80, 0.18)}"/>
${back}
<path d="M96 512 Q110 380 256 364 Q402 380 416 512 Z" fill="${hsl(hue + 180, 35, 30)}"/>
<rect x="226" y="300" width="60" height="80" rx="24" fill="${skin}"/>
<ellipse cx="256" cy="228" rx="84" ry="100" fill="${skin}"/>
${top}
<ellipse cx="226" cy="236" rx="8" ry="10" fill="#2b2020"/><ellipse cx="286" cy="236" rx="8" ry="10" fill="#2b2020"/>
<path d="M230 282 Q256 300 282 282" stroke="#8a3b3b" stroke-width="6" fill="none" stroke-linecap="round"/>`,
  );
}

/** A scene for a cover, a photo post or a video frame, in the creator's hue. */
export function sceneSvg(kind: SceneKind, hue: number, seed: number, width: number, height: number): string {
  const rnd = random(seed * 7919 + hue);
  const w = width;
  const h = height;
  switch (kind) {
    case 'mountains': {
      const layers = [0.55, 0.68, 0.8]
        .map((base, layer) => {
          let d = `M0 ${h}`;
          for (let x = 0; x <= w + 80; x += 80) d += ` L${x} ${Math.round(h * (base - rnd() * 0.18))}`;
          return `<path d="${d} L${w} ${h} Z" fill="${hsl(hue + 180 + layer * 10, 30, 30 - layer * 8)}"/>`;
        })
        .join('');
      return svg(w, h, `<defs>${gradient('sky', [hsl(hue, 70, 70), hsl(hue + 30, 80, 85)])}</defs><rect width="${w}" height="${h}" fill="url(#sky)"/><circle cx="${Math.round(w * (0.2 + rnd() * 0.6))}" cy="${Math.round(h * 0.3)}" r="${Math.round(Math.min(w, h) * 0.12)}" fill="${hsl(hue + 40, 95, 92)}"/>${layers}`);
    }
    case 'city': {
      let blocks = '';
      for (let x = 0; x < w; ) {
        const bw = Math.round(w * (0.05 + rnd() * 0.07));
        const bh = Math.round(h * (0.25 + rnd() * 0.45));
        blocks += `<rect x="${x}" y="${h - bh}" width="${bw - 4}" height="${bh}" fill="${hsl(hue + 200, 25, 18 + rnd() * 10)}"/>`;
        for (let wy = h - bh + 12; wy < h - 12; wy += 22) for (let wx = x + 8; wx < x + bw - 14; wx += 16) if (rnd() > 0.55) blocks += `<rect x="${wx}" y="${wy}" width="7" height="10" fill="${hsl(45, 95, 70, 0.9)}"/>`;
        x += bw;
      }
      return svg(w, h, `<defs>${gradient('sky', [hsl(hue + 250, 55, 22), hsl(hue + 10, 80, 60), hsl(hue + 35, 90, 75)])}</defs><rect width="${w}" height="${h}" fill="url(#sky)"/>${blocks}`);
    }
    case 'food': {
      const cx = w / 2;
      const cy = h / 2;
      const r = Math.min(w, h) * 0.34;
      let bits = '';
      for (let i = 0; i < 14; i++) {
        const a = rnd() * Math.PI * 2;
        const d = rnd() * r * 0.6;
        bits += `<circle cx="${Math.round(cx + Math.cos(a) * d)}" cy="${Math.round(cy + Math.sin(a) * d)}" r="${Math.round(r * (0.08 + rnd() * 0.1))}" fill="${hsl([8, 35, 95, 48][i % 4]! + rnd() * 20, 70, 45 + rnd() * 15)}"/>`;
      }
      return svg(
        w,
        h,
        `<defs>${gradient('wood', [hsl(28, 45, 38), hsl(22, 50, 26)], false)}</defs><rect width="${w}" height="${h}" fill="url(#wood)"/><circle cx="${cx + 10}" cy="${cy + 14}" r="${r * 1.04}" fill="rgba(0,0,0,0.25)"/><circle cx="${cx}" cy="${cy}" r="${r}" fill="#f4f1ea"/><circle cx="${cx}" cy="${cy}" r="${r * 0.78}" fill="${hsl(hue + 30, 40, 88)}"/>${bits}<rect x="${Math.round(cx + r * 1.15)}" y="${Math.round(cy - r)}" width="14" height="${Math.round(r * 2)}" rx="7" fill="#cfd3d6"/>`,
      );
    }
    case 'sunrise': {
      const horizon = Math.round(h * 0.62);
      let waves = '';
      for (let y = horizon + 10; y < h; y += 18) waves += `<rect x="${Math.round(w * 0.5 - (y - horizon) * 1.4)}" y="${y}" width="${Math.round((y - horizon) * 2.8)}" height="4" rx="2" fill="${hsl(hue + 40, 95, 80, 0.5)}"/>`;
      const fx = w * 0.5;
      const figure = `<g fill="${hsl(hue + 250, 40, 15)}"><circle cx="${fx}" cy="${horizon - 118}" r="16"/><path d="M${fx - 10} ${horizon - 100} L${fx + 10} ${horizon - 100} L${fx + 14} ${horizon - 40} L${fx - 14} ${horizon - 40} Z"/><path d="M${fx - 8} ${horizon - 96} L${fx - 70} ${horizon - 150} L${fx - 64} ${horizon - 158} L${fx} ${horizon - 110} Z"/><path d="M${fx + 8} ${horizon - 96} L${fx + 70} ${horizon - 150} L${fx + 64} ${horizon - 158} L${fx} ${horizon - 110} Z"/><path d="M${fx - 14} ${horizon - 44} L${fx - 60} ${horizon} L${fx - 44} ${horizon} L${fx} ${horizon - 30} L${fx + 44} ${horizon} L${fx + 60} ${horizon} L${fx + 14} ${horizon - 44} Z"/></g>`;
      return svg(w, h, `<defs>${gradient('sky', [hsl(hue + 280, 50, 35), hsl(hue + 10, 85, 62), hsl(hue + 40, 95, 78)])}${gradient('sea', [hsl(hue + 200, 50, 35), hsl(hue + 220, 55, 18)])}</defs><rect width="${w}" height="${h}" fill="url(#sky)"/><circle cx="${w / 2}" cy="${horizon}" r="${Math.round(w * 0.2)}" fill="${hsl(hue + 45, 100, 85)}"/><rect y="${horizon}" width="${w}" height="${h - horizon}" fill="url(#sea)"/>${waves}${figure}`);
    }
    case 'stage': {
      let lights = '';
      for (let i = 0; i < 4; i++) {
        const x = Math.round(w * (0.15 + i * 0.23));
        lights += `<path d="M${x} 0 L${x - w * 0.16} ${h} L${x + w * 0.16} ${h} Z" fill="${hsl(hue + i * 45, 90, 65, 0.22)}"/>`;
      }
      let bars = '';
      const n = 18;
      for (let i = 0; i < n; i++) {
        const bh = Math.round(h * (0.08 + rnd() * 0.3));
        bars += `<rect x="${Math.round((w / n) * i + 4)}" y="${h - bh}" width="${Math.round(w / n - 8)}" height="${bh}" rx="4" fill="${hsl(hue + i * 8, 85, 60, 0.85)}"/>`;
      }
      return svg(w, h, `<rect width="${w}" height="${h}" fill="${hsl(hue + 240, 40, 9)}"/>${lights}<ellipse cx="${w / 2}" cy="${h * 0.55}" rx="${w * 0.08}" ry="${h * 0.2}" fill="${hsl(hue + 240, 30, 5)}"/><circle cx="${w / 2}" cy="${h * 0.3}" r="${Math.min(w, h) * 0.06}" fill="${hsl(hue + 240, 30, 5)}"/>${bars}`);
    }
    case 'gym': {
      const y = h * 0.55;
      const plate = (x: number) => `<rect x="${x}" y="${y - h * 0.16}" width="${w * 0.05}" height="${h * 0.32}" rx="10" fill="${hsl(hue + 200, 15, 16)}"/>`;
      return svg(
        w,
        h,
        `<defs>${gradient('wall', [hsl(hue, 35, 55), hsl(hue + 20, 40, 30)])}</defs><rect width="${w}" height="${h}" fill="url(#wall)"/><rect y="${h * 0.78}" width="${w}" height="${h * 0.22}" fill="${hsl(hue + 200, 10, 22)}"/><rect x="${w * 0.12}" y="${y - 8}" width="${w * 0.76}" height="16" rx="8" fill="#c7cbd0"/>${plate(w * 0.18)}${plate(w * 0.24)}${plate(w * 0.71)}${plate(w * 0.77)}`,
      );
    }
    case 'bokeh':
    default: {
      let dots = '';
      for (let i = 0; i < 26; i++) dots += `<circle cx="${Math.round(rnd() * w)}" cy="${Math.round(rnd() * h)}" r="${Math.round(Math.min(w, h) * (0.03 + rnd() * 0.14))}" fill="${hsl(hue + rnd() * 90, 85, 60 + rnd() * 25, 0.25 + rnd() * 0.35)}"/>`;
      return svg(w, h, `<defs>${gradient('bg', [hsl(hue + 220, 45, 14), hsl(hue + 260, 50, 26)])}</defs><rect width="${w}" height="${h}" fill="url(#bg)"/>${dots}`);
    }
  }
}
