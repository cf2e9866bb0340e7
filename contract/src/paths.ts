/**
 * API paths as the router sees them. A path template is the spec's form
 * (`/wallet/charges/tip/:id`); a concrete path is matched segment by segment on its
 * percent-DECODED segments, exactly what the server's router routes, and is rebuilt from
 * them in one canonical encoding. Whoever decides on a path (the bridge) decides on the
 * decoded form and sends only the canonical one, so what was checked is what runs.
 */
export type PathParams = Record<string, string>;

export type ParsedPath = { ok: true; segments: string[] } | { ok: false; reason: string };

/** Characters a raw path may hold at all (RFC 3986 path characters); anything else is refused, not repaired. */
const RAW_PATH = /^\/[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*$/;
/** What a decoded segment may hold: no separators, no percent (double encoding), no controls. */
const BAD_DECODED = /[/\\%?#\u0000-\u001f\u007f]/;

/**
 * The decoded segments of a path (`/api` prefix dropped), or why it is refused:
 * unknown characters, bad percent-encoding, empty segments, `.` or `..` in any
 * spelling (`%2e%2E`), an encoded slash, backslash or percent (double encoding).
 */
export function parsePath(raw: string): ParsedPath {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2000) return { ok: false, reason: 'not a path' };
  if (!RAW_PATH.test(raw)) return { ok: false, reason: 'characters a path may not hold' };
  const parts = raw.split('/').slice(1);
  const segments: string[] = [];
  for (const part of parts) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(part);
    } catch {
      return { ok: false, reason: 'bad percent-encoding' };
    }
    if (decoded === '') return { ok: false, reason: 'empty segment' };
    if (decoded === '.' || decoded === '..') return { ok: false, reason: 'dot segment' };
    if (BAD_DECODED.test(decoded)) return { ok: false, reason: 'encoded separator or percent' };
    segments.push(decoded);
  }
  if (segments[0] === 'api') segments.shift();
  if (segments.length === 0) return { ok: false, reason: 'not an API path' };
  return { ok: true, segments };
}

/** The one encoding of decoded segments the router reads back as the same segments. */
export function canonicalPath(segments: readonly string[]): string {
  return `/${segments.map(encodeURIComponent).join('/')}`;
}

// Templates are few and fixed; matching tries many of them per call, so each is split once.
const splitTemplates = new Map<string, readonly string[]>();
function templateParts(template: string): readonly string[] {
  let parts = splitTemplates.get(template);
  if (!parts) splitTemplates.set(template, (parts = template.split('/').slice(1)));
  return parts;
}

/** Parameters of `template` (`/performers/:id`) in the decoded segments, or null when it does not match. Case matters, as in the router. */
export function matchTemplate(template: string, segments: readonly string[]): PathParams | null {
  const parts = templateParts(template);
  if (parts.length !== segments.length) return null;
  const params: PathParams = {};
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index]!;
    const segment = segments[index]!;
    if (part.startsWith(':')) params[part.slice(1)] = segment;
    else if (part !== segment) return null;
  }
  return params;
}

/** A parameter value a path may carry: not empty, not a dot segment, no separators. */
export function isPathValue(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= 200 && value !== '.' && value !== '..' && !BAD_DECODED.test(value);
}

/** Fills a template's parameters (encoded); null when one is missing or not a path value. */
export function fillTemplate(template: string, params: Readonly<Record<string, unknown>>): string | null {
  const segments: string[] = [];
  for (const part of template.split('/').slice(1)) {
    if (!part.startsWith(':')) {
      segments.push(part);
      continue;
    }
    const value = params[part.slice(1)];
    if (!isPathValue(value)) return null;
    segments.push(value);
  }
  return canonicalPath(segments);
}
