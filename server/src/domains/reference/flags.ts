import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { hasFlag } from 'country-flag-icons';

/**
 * Country flags as SVG, served by the API itself so no page links to another site.
 * The images are the 3:2 set shipped in the country-flag-icons package (MIT).
 */

let flagsDir: string | undefined;

function flagFolder(): string {
  // The package's export map does not list the .svg files, so find them from its root.
  flagsDir ??= path.join(path.dirname(createRequire(import.meta.url).resolve('country-flag-icons/package.json')), '3x2');
  return flagsDir;
}

/** Codes as the package names them: BR, and a few subdivisions such as GB-ENG. */
function packageCode(code: string): string | undefined {
  const upper = code.trim().toUpperCase();
  if (!/^[A-Z]{2}(?:-[A-Z]{2,3})?$/.test(upper)) return undefined;
  return hasFlag(upper) ? upper : undefined;
}

/** Whether a flag exists for a two-letter country code (or a listed subdivision). */
export function flagExists(code: string): boolean {
  return packageCode(code) !== undefined;
}

const cache = new Map<string, string>();

/** The SVG markup of a country's flag, or undefined for a code with no flag. */
export async function readFlagSvg(code: string): Promise<string | undefined> {
  const name = packageCode(code);
  if (!name) return undefined;
  const cached = cache.get(name);
  if (cached) return cached;
  // `name` passed the pattern and the package's own list, so it cannot leave the folder.
  const svg = await readFile(path.join(flagFolder(), `${name}.svg`), 'utf8');
  cache.set(name, svg);
  return svg;
}

/** `br.svg` → `br`; undefined when the file name is not a flag image name. */
export function flagCodeFromFileName(file: string): string | undefined {
  const match = /^([A-Za-z]{2}(?:-[A-Za-z]{2,3})?)\.svg$/.exec(file);
  return match?.[1]?.toLowerCase();
}

/** The address clients use for a flag image (spec section 3: base address + flags/{code}.svg). */
export function flagUrl(publicOrigin: string, code: string): string {
  return `${publicOrigin.replace(/\/+$/, '')}/api/flags/${code.toLowerCase()}.svg`;
}
