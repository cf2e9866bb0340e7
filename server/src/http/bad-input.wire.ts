import fc from 'fast-check';
import { hex24, hostileString, NUMBER_TOKENS, percentEncode, plausible, toJsonText, HOSTILE_STRINGS } from './bad-input.arbitraries.js';
import type { JsonSchema } from './bad-input.discovery.js';

/** What the server should make of a raw body, whatever the route's schema. */
export type RawKind = 'invalid-json' | 'empty-json' | 'unparsed-type' | 'text' | 'multipart' | 'odd-type';

export interface RawCase {
  label: string;
  kind: RawKind;
  contentType?: string;
  payload: string | Buffer;
}

const parses = (s: string) => {
  try {
    JSON.parse(s.replace(/^\uFEFF/, ''));
    return true;
  } catch {
    return false;
  }
};

const INVALID_JSON = [
  '{', '}', '{"a":', '[1,', 'NaN', 'Infinity', "{'a':1}", '{"a":1,}', '[1,2,]', '{a:1}', 'undefined', '// c\n{}', '/* */{}',
  '{"a":1}{"b":2}', '{"a":1} x', '"unterminated', '{"a":"\\x41"}', '{"a":"\\u12"}', '\u0000', '{"a":01}', '1 2', '{"a":0x10}',
  '{"a":"line\nbreak"}', '\uFEFF\uFEFF{}', '{"__proto__":', '[[[[[[[[[[', '-', '.', 'tru', 'nul',
];

const latin1 = fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).filter((c) => c !== 0x7f).map((c) => String.fromCharCode(c)), maxLength: 60 });

const invalidJson: fc.Arbitrary<RawCase> = fc
  .oneof(
    fc.constantFrom(...INVALID_JSON),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 60 }),
    fc.json().chain((j) => fc.integer({ min: 0, max: Math.max(0, j.length - 1) }).map((n) => j.slice(0, n))),
    fc.constantFrom(...NUMBER_TOKENS).map((t) => `{"n":${t}}`),
  )
  .filter((s) => s.trim() !== '' && !parses(s))
  .map((payload) => ({ label: 'invalid JSON', kind: 'invalid-json', contentType: 'application/json', payload }));

const ODD_TYPES = [
  'application/json; charset=utf-16', 'application/json; charset=latin1', 'APPLICATION/JSON', 'application/json;;;', 'application/json; boundary=x',
  'application/vnd.api+json', 'application/jsonx', 'application/x-json', 'text/json', 'text/plain; charset=utf-8', '*/*', ' ', 'application/', '/json',
  'multipart/form-data', 'multipart/form-data; boundary=', 'multipart/mixed; boundary=x', 'application/json, text/plain', 'json',
];

const magic = ['\x89PNG\r\n\x1a\n', '\xff\xd8\xff\xe0', '%PDF-1.4\n', 'RIFF\x00\x00\x00\x00WEBPVP8 ', 'GIF89a', '<svg onload=alert(1)>', ''];
const fileData = fc
  .tuple(fc.constantFrom(...magic), fc.uint8Array({ maxLength: 256 }))
  .map(([m, rest]) => Buffer.concat([Buffer.from(m, 'latin1'), Buffer.from(rest)]));
const fileName = fc.oneof(fc.constantFrom('id.png', 'doc.pdf', '../../evil.png', 'a\u0000.png', `${'x'.repeat(300)}.png`, '', '.htaccess', 'a";b.png'), hostileString);
const partType = fc.constantFrom('image/png', 'image/jpeg', 'application/pdf', 'text/html', 'image/svg+xml', 'garbage', '');

export interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: string | Buffer;
}

export function multipart(parts: readonly Part[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const type = p.contentType ? `Content-Type: ${p.contentType}\r\n` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`), Buffer.from(p.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const asText = (v: unknown) => (typeof v === 'string' ? v : toJsonText(v));

/** Forms built from the documented field names: plausible values, files with real and fake magic bytes, and broken framing. */
function multipartCases(fields: Record<string, JsonSchema | undefined>): fc.Arbitrary<RawCase> {
  const names = Object.keys(fields);
  const name = names.length ? fc.oneof(fc.constantFrom(...names), hostileString) : hostileString;
  const file = fc.record({ name, filename: fileName, contentType: partType, data: fileData });
  const text = fc.record({ name, data: hostileString });
  // Every documented field once: typed fields get plausible values, the rest a file or a text.
  const form = fc.tuple(
    ...names.map((n) => {
      const schema = fields[n];
      return schema
        ? plausible(schema, []).map((v): Part => ({ name: n, data: asText(v) }))
        : fc.oneof(file.map((f): Part => ({ ...f, name: n })), hostileString.map((data): Part => ({ name: n, data })));
    }),
  );
  const boundary = fc.oneof(fc.constant('----fandeck-boundary'), fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 70 }).filter((b) => !/[\r\n";]/.test(b)));
  return fc
    .tuple(fc.oneof(form, fc.array(fc.oneof(file, text), { maxLength: 10 })), boundary, fc.constantFrom('ok', 'ok', 'ok', 'no boundary', 'other boundary', 'truncated', 'many parts', 'huge field'))
    .map(([parts, b, framing]) => {
      const all: Part[] = framing === 'many parts' ? [...parts, ...Array.from({ length: 90 }, (_, i) => ({ name: `f${i}`, data: 'x' }))] : [...parts];
      if (framing === 'huge field') all.push({ name: names[0] ?? 'x', data: 'x'.repeat(70 * 1024) });
      let body = multipart(all, b);
      if (framing === 'truncated') body = body.subarray(0, Math.floor(body.length / 2));
      const contentType = framing === 'no boundary' ? 'multipart/form-data' : `multipart/form-data; boundary=${framing === 'other boundary' ? 'nope' : b}`;
      return { label: `multipart (${framing}, ${all.length} parts)`, kind: 'multipart', contentType, payload: body };
    });
}

/** Bodies that are not JSON, or not what their content type says. */
export function rawBodyCases(fields: Record<string, JsonSchema | undefined>): fc.Arbitrary<RawCase> {
  const anything = fc.oneof(fc.constant('{}'), fc.json(), hostileString, latin1);
  return fc.oneof(
    { arbitrary: invalidJson, weight: 3 },
    { arbitrary: fc.constant<RawCase>({ label: 'empty JSON body', kind: 'empty-json', contentType: 'application/json', payload: '' }), weight: 1 },
    {
      arbitrary: fc
        .tuple(fc.constantFrom('application/xml', 'text/xml', 'application/x-www-form-urlencoded', 'application/octet-stream', 'image/png'), anything)
        .map(([contentType, payload]): RawCase => ({ label: `content type ${contentType}`, kind: 'unparsed-type', contentType, payload: payload || '<a/>' })),
      weight: 2,
    },
    { arbitrary: anything.map((payload): RawCase => ({ label: 'text/plain', kind: 'text', contentType: 'text/plain', payload })), weight: 2 },
    {
      arbitrary: fc.tuple(fc.oneof(fc.constantFrom(...ODD_TYPES), latin1), anything).map(([contentType, payload]): RawCase => ({ label: `content type "${contentType}"`, kind: 'odd-type', contentType, payload })),
      weight: 2,
    },
    { arbitrary: fc.json().map((payload): RawCase => ({ label: 'JSON without a content type', kind: 'odd-type', payload })), weight: 1 },
    { arbitrary: multipartCases(fields), weight: 3 },
  );
}

/** A path segment: hostile text percent-encoded, raw (the URL parser may resolve it), or encoded twice. */
export const pathSegment: fc.Arbitrary<string> = fc
  .tuple(fc.oneof({ arbitrary: hostileString, weight: 4 }, { arbitrary: hex24, weight: 1 }), fc.constantFrom('encoded', 'encoded', 'raw', 'twice'))
  .map(([v, how]) => (how === 'raw' ? v : how === 'twice' ? percentEncode(percentEncode(v)) : percentEncode(v)) || '%20');

const QUERY_KEYS = [
  'offset', 'limit', 'current', 'pageSize', 'sortBy', 'sort', 'q', 'ids', 'ids[]', 'id', 'token', 'status', 'role',
  '__proto__', 'constructor', '__proto__[polluted]', 'constructor[prototype][polluted]', 'a[b][c]', '',
];
const QUERY_VALUES = ['asc', 'desc', 'ASC', 'updatedAt', 'createdAt', 'name', 'password', 'passwordHash', 'subscribers', ...NUMBER_TOKENS];

/** Query strings: repeated keys, arrays where scalars go, huge and negative numbers, hostile text. */
export function queryString(names: readonly string[]): fc.Arbitrary<string> {
  const key = fc.oneof(
    { arbitrary: fc.constantFrom(...(names.length ? names : QUERY_KEYS)), weight: 3 },
    { arbitrary: fc.constantFrom(...QUERY_KEYS), weight: 2 },
    { arbitrary: hostileString, weight: 1 },
  );
  const value = fc.oneof(
    fc.constantFrom(...QUERY_VALUES),
    hostileString,
    fc.integer({ min: -1e6, max: 1e9 }).map(String),
    fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String),
    fc.constantFrom(...HOSTILE_STRINGS),
  );
  const entry = fc.tuple(key, value, fc.nat({ max: 4 }));
  return fc
    .tuple(fc.array(entry, { minLength: 1, maxLength: 8 }), fc.constantFrom('encoded', 'encoded', 'raw'))
    .map(([entries, how]) => {
      const enc = how === 'raw' ? (s: string) => s : percentEncode;
      // The third number repeats the key (`k=a&k=b`), turning a scalar into an array.
      return entries.flatMap(([k, v, repeat]) => Array.from({ length: repeat + 1 }, (_, i) => `${enc(k)}=${enc(i ? `${v}${i}` : v)}`)).join('&');
    });
}

/** Garbage credentials and proxy headers; only values Node lets through (latin1, no control characters). */
export const hostileHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    authorization: fc.oneof(
      fc.constantFrom('Bearer ', 'Bearer', 'bearer   ', 'Basic Zm9vOmJhcg==', 'Bearer null', 'Bearer undefined', 'Bearer Bearer x', 'token', ',', 'Bearer %00'),
      fc.integer({ min: 500, max: 20_000 }).map((n) => `Bearer ${'A'.repeat(n)}`),
      latin1,
      latin1.map((s) => `Bearer ${s}`),
      hex24.map((h) => `Bearer ${h}`),
    ),
    cookie: fc.oneof(
      fc.constantFrom('token=', 'token', '=', ';;;', 'token=%zz', 'token="abc', 'token=a; token=b', '__proto__=1; constructor=2', 'token=%00', 'token=Bearer%20x'),
      fc.integer({ min: 100, max: 3000 }).map((n) => 'a=1; '.repeat(n)),
      fc.integer({ min: 500, max: 20_000 }).map((n) => `token=${'A'.repeat(n)}`),
      latin1,
      latin1.map((s) => `token=${s}`),
    ),
    'x-forwarded-for': fc.oneof(
      fc.constantFrom('999.999.999.999', '1.2.3.4, evil', '::ffff:1.2.3.4', '::1', 'fe80::1%eth0', '', ' , ', 'unknown', '1.2.3.4:80', '[::1]:80', '0.0.0.0', '255.255.255.255'),
      fc.integer({ min: 10, max: 2000 }).map((n) => '8.8.8.8,'.repeat(n)),
      fc.ipV4(),
      fc.ipV6(),
      latin1,
    ),
    'x-forwarded-host': fc.oneof(latin1, fc.constantFrom('evil.test', 'a:b:c', '')),
    'x-forwarded-proto': fc.oneof(latin1, fc.constantFrom('https', 'gopher', '')),
    'accept-language': latin1,
    accept: fc.oneof(latin1, fc.constantFrom('application/xml', 'text/html', '*/*;q=x')),
    'user-agent': fc.oneof(latin1, fc.integer({ min: 100, max: 20_000 }).map((n) => 'U'.repeat(n))),
    origin: fc.oneof(latin1, fc.constantFrom('null', 'http://evil.test')),
    'if-none-match': latin1,
    range: fc.constantFrom('bytes=0-0', 'bytes=-1', 'bytes=999999999999-', 'garbage'),
  },
  { requiredKeys: [] },
);

export const remoteAddress: fc.Arbitrary<string> = fc.oneof(fc.ipV4(), fc.ipV6());
