import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A simple initials avatar, so demo accounts have real images without shipping photos. */
export function initialsSvg(name: string, hue: number): string {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,55%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},70%,40%)"/></linearGradient></defs><rect width="256" height="256" fill="url(#g)"/><text x="128" y="150" font-family="sans-serif" font-size="96" font-weight="700" text-anchor="middle" fill="#fff">${escapeXml(initials)}</text></svg>`;
}

export const PLACEHOLDER_AVATAR = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256"><rect width="256" height="256" fill="#2a2a33"/><circle cx="128" cy="100" r="48" fill="#5b5b6b"/><path d="M40 230c10-50 48-76 88-76s78 26 88 76z" fill="#5b5b6b"/></svg>`;

export async function writeUpload(uploadsDir: string, relative: string, content: string): Promise<string> {
  const target = path.join(uploadsDir, relative);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, content);
  return relative;
}
