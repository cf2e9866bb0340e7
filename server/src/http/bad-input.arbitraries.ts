import fc from 'fast-check';
import { allowedTypes, type JsonSchema, type JsonType } from './bad-input.discovery.js';

/** A JSON token written as is: numbers JSON.stringify cannot write (1e400, -0) or invalid ones (NaN, 0x10). */
export class RawJson {
  constructor(readonly text: string) {}
}
/** An object written from its entries, so keys may repeat or be `__proto__`. */
export class JsonEntries {
  constructor(readonly entries: readonly (readonly [string, unknown])[]) {}
}

export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (value instanceof JsonEntries) return `{${value.entries.map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`).join(',')}}`;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value); // NaN and Infinity stay invalid
  if (value !== null && typeof value === 'object') return toJsonText(new JsonEntries(Object.entries(value)));
  return JSON.stringify(value) ?? 'null';
}

/** Percent-encodes the UTF-8 bytes; lone surrogates become U+FFFD instead of throwing like encodeURIComponent. */
export const percentEncode = (s: string) =>
  [...Buffer.from(s, 'utf8')].map((b) => (/[A-Za-z0-9_.~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`)).join('');

export const HOSTILE_STRINGS = [
  '', ' ', '\t\r\n', '../../etc/passwd', '..\\..\\windows\\win.ini', '..%2F..%2Fetc%2Fpasswd', '%2e%2e%2f', '/', '//', '.', '..',
  '%00', '\u0000', 'a\u0000b', '%', '%%', '%zz', '%E0%A4%A', '%C0%AE', '?', '#', '&', '=', ';', ',', '\\', '"', "'", '`',
  "' OR '1'='1", "'; DROP TABLE users; --", '1 OR 1=1', '" OR ""="', "admin'--", '1; select pg_sleep(5)', '$1', '\\x00',
  '<script>alert(1)</script>', '${7*7}', '{{7*7}}', '%s%s%n', '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty',
  'null', 'undefined', 'NaN', 'true', 'false', '[]', '{}', '[object Object]', '0', '-1', '1e400', '0x1f',
  '\u202e\u202d', '\ud800', '\udfff', '\uFEFF', '\u00a0', '\u2028', '😀', '👩‍👩‍👧‍👦', 'ｆｕｌｌ', 'Ω≈ç√∫', 'Å Í Î Ï', 'İı', 'ß', 'ǅ',
  '000000000000000000000000', 'ffffffffffffffffffffffff', 'FFFFFFFFFFFFFFFFFFFFFFFF', '00000000000000000000000z',
  'br.svg', 'BR', 'SP', 'br', 'a.svg', '.svg', '..svg', 'br.svg\u0000.png', 'admin', 'api', 'me',
];

export const NUMBER_TOKENS = [
  'NaN', 'Infinity', '-Infinity', '1e400', '-1e400', '1e-400', '-0', '0', '-1', '0.5', '1e308', '9007199254740993',
  '18446744073709551616', '123456789012345678901234567890', '-9223372036854775809', '2147483648', '0x10', '01', '1.', '.5', '+1', '1e',
];

export const hex24 = fc.uint8Array({ minLength: 12, maxLength: 12 }).map((b) => Buffer.from(b).toString('hex'));
const longString = fc
  .tuple(fc.constantFrom('a', 'é', '😀', '\u0000', '%', '/', ' ', "'", '\ud800'), fc.integer({ min: 65, max: 20_000 }))
  .map(([c, n]) => c.repeat(n));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 5 },
  { arbitrary: hex24, weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 1 },
  { arbitrary: longString, weight: 1 },
  { arbitrary: fc.tuple(fc.constantFrom(...HOSTILE_STRINGS), fc.constantFrom(...HOSTILE_STRINGS)).map(([a, b]) => a + b), weight: 1 },
  { arbitrary: fc.tuple(fc.string({ unit: 'grapheme-ascii', maxLength: 6 }), fc.constantFrom('\u0000', '\ud800', '\u202e', "'")).map(([s, c]) => s + c + s), weight: 2 },
);

/** Numbers as JSON tokens: odd valid ones, invalid ones, and NaN/Infinity/-0 from fc.double. */
export const hostileNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...NUMBER_TOKENS).map((t) => new RawJson(t)),
  fc.double(),
  fc.integer(),
);

const anyJson = fc.jsonValue({ maxDepth: 3 });
const hostileKey = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', '', ' ', 'a.b', '$where', 'role', 'isAdmin', 'id', '_id', 'status'), hostileString);
/** Keys the JSON parser lets through, so a case that must name a field is not refused for poisoning first. */
const safeKey = hostileKey.filter((k) => k !== '__proto__' && k !== 'constructor');

/** A value of a type the schema admits, with hostile content: the input most likely to reach a handler. */
export function plausible(schema: JsonSchema | undefined, known: readonly string[], depth = 0): fc.Arbitrary<unknown> {
  const union = schema?.anyOf ?? schema?.oneOf;
  if (union?.length) return fc.oneof(...union.map((s) => plausible(s, known, depth)));
  const types = allowedTypes(schema);
  if (!schema || !types || depth > 3) return anyJson;
  const options: fc.Arbitrary<unknown>[] = [];
  const fixed = schema.enum ?? (schema.const !== undefined ? [schema.const] : undefined);
  if (fixed?.length) options.push(fc.constantFrom(...fixed));
  if (types.has('string')) options.push(stringFor(schema, known));
  if (types.has('number')) options.push(hostileNumber);
  if (types.has('boolean')) options.push(fc.boolean());
  if (types.has('null')) options.push(fc.constant(null));
  if (types.has('array')) options.push(fc.array(plausible(schema.items, known, depth + 1), { maxLength: 6 }), fc.constant(Array(5000).fill('x')));
  if (types.has('object')) options.push(objectFor(schema, known, depth));
  return options.length ? fc.oneof(...options) : anyJson;
}

function stringFor(schema: JsonSchema, known: readonly string[]): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 64, 300);
  const options: fc.Arbitrary<string>[] = [hostileString, fc.string({ unit: 'binary', minLength: min, maxLength: Math.max(min, max) })];
  if (known.length) options.push(fc.constantFrom(...known));
  const pattern = compile(schema.pattern);
  if (pattern) options.push(fc.stringMatching(pattern));
  if (schema.format === 'email' || /@/.test(schema.pattern ?? '')) {
    options.push(fc.emailAddress(), fc.constantFrom('a@b.co', 'A@EXAMPLE.COM ', "o'reilly@example.com", 'a@b', '@b.co', 'a@@b.co', `${'a'.repeat(250)}@b.co`, 'a\u0000@b.co'));
  }
  if (schema.format === 'date' || /\\d\{4\}/.test(schema.pattern ?? '')) {
    options.push(fc.constantFrom('2000-01-01', '1900-02-29', '2000-02-30', '9999-12-31', '0000-00-00', '2000-13-01', '2030-01-01', '-000001-01-01', '2000-1-1'));
  }
  return fc.oneof(...options);
}

function compile(pattern: string | undefined): RegExp | undefined {
  try {
    return pattern ? new RegExp(pattern) : undefined;
  } catch {
    return undefined;
  }
}

function objectFor(schema: JsonSchema, known: readonly string[], depth: number, omit: readonly string[] = []): fc.Arbitrary<JsonEntries> {
  const props = Object.entries(schema.properties ?? {}).filter(([k]) => !omit.includes(k));
  const extra = schema.additionalProperties === false ? fc.constant([]) : fc.array(fc.tuple(safeKey, anyJson), { maxLength: 2 });
  return fc
    .tuple(fc.subarray(props), extra)
    .chain(([chosen, more]) =>
      fc.tuple(...chosen.map(([k, s]) => plausible(s, known, depth + 1).map((v) => [k, v] as const))).map((entries) => new JsonEntries([...entries, ...more])),
    );
}

/** A short string with one character databases and terminals choke on, within the length bounds. */
const poisoned = (min = 0, max = 64) =>
  fc
    .tuple(fc.string({ unit: 'grapheme-ascii', maxLength: 6 }), fc.constantFrom('\u0000', '\ud800', '\udc00', '\u202e', "'", '\\', '%', '😀', '\u0000\u0000', '\uFFFF'))
    .map(([s, c]) => `${s}${c}${s}`.padEnd(min, 'a').slice(0, Math.max(max, 1)));

/** A value the schema most likely accepts, so a request gets past validation into the handler. */
export function conforming(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const union = schema?.anyOf ?? schema?.oneOf;
  if (union?.length) return fc.oneof(...union.map((s) => conforming(s, depth)));
  const types = allowedTypes(schema);
  if (!schema || !types || depth > 3) return fc.constant(null);
  const fixed = schema.enum ?? (schema.const !== undefined ? [schema.const] : undefined);
  if (fixed?.length) return fc.constantFrom(...fixed);
  if (types.has('object')) {
    const required = new Set(schema.required ?? []);
    const props = Object.entries(schema.properties ?? {});
    return fc
      .subarray(props.filter(([k]) => !required.has(k)))
      .chain((optional) =>
        fc.tuple(...[...props.filter(([k]) => required.has(k)), ...optional].map(([k, s]) => conforming(s, depth + 1).map((v) => [k, v] as const))),
      )
      .map((entries) => new JsonEntries(entries));
  }
  if (types.has('string')) {
    const min = schema.minLength ?? 0;
    const max = Math.min(schema.maxLength ?? 40, 40);
    const pattern = compile(schema.pattern);
    if (/\\d\{4\}/.test(schema.pattern ?? '') || schema.format === 'date') return fc.constantFrom('2000-01-01', '1990-12-31');
    const base = pattern ? fc.stringMatching(pattern) : fc.string({ unit: 'grapheme-ascii', minLength: min, maxLength: Math.max(min, max) });
    return base.map((v) => (v.length < min ? v.padEnd(min, 'a') : v));
  }
  if (types.has('number')) return fc.integer({ min: Math.ceil(schema.minimum ?? 0), max: Math.floor(schema.maximum ?? 1000) });
  if (types.has('boolean')) return fc.boolean();
  if (types.has('array')) return fc.array(conforming(schema.items, depth + 1), { minLength: schema.minItems ?? 0, maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3)) });
  return fc.constant(null);
}

const SAMPLES: Record<JsonType, fc.Arbitrary<unknown>> = {
  string: fc.oneof(fc.constant(''), hostileString),
  number: fc.oneof(fc.integer(), fc.constantFrom(new RawJson('1e400'), new RawJson('-0'), 0.5)),
  integer: fc.integer(),
  boolean: fc.boolean(),
  null: fc.constant(null),
  array: fc.array(anyJson, { maxLength: 3 }),
  object: fc.dictionary(fc.string({ maxLength: 5 }), anyJson, { maxKeys: 3 }).map((o) => new JsonEntries(Object.entries(o))),
};

/** One fixed example of each JSON type, for the exhaustive wrong-type sweep. */
export const TYPE_EXAMPLES: Record<Exclude<JsonType, 'integer'>, unknown> = {
  string: 'not the right type',
  number: 12.5,
  boolean: true,
  null: null,
  array: ['x', 1],
  object: new JsonEntries([['nested', 'x']]),
};

/** The JSON types a property's schema refuses (none when it admits anything). */
export function refusedTypes(schema: JsonSchema | undefined): (keyof typeof TYPE_EXAMPLES)[] {
  const types = allowedTypes(schema);
  return types ? (Object.keys(TYPE_EXAMPLES) as (keyof typeof TYPE_EXAMPLES)[]).filter((t) => !types.has(t)) : [];
}

/** A value of a JSON type the schema refuses, or undefined when it admits every type. */
function wrongTypeFor(schema: JsonSchema): fc.Arbitrary<unknown> | undefined {
  const types = allowedTypes(schema);
  if (!types) return undefined;
  const wrong = (Object.keys(SAMPLES) as JsonType[]).filter((t) => !types.has(t) && !(t === 'integer' && types.has('number')));
  return wrong.length ? fc.oneof(...wrong.map((t) => SAMPLES[t])) : undefined;
}

export interface BodyCase {
  label: string;
  text: string;
  /** The input is invalid whatever the caller, so the answer must be a 4xx. */
  mustReject: boolean;
  /** A 400 must name this (e.g. `body.email`). */
  names?: string;
}

const nested = (depth: number, arrays: boolean, leaf: string) =>
  arrays ? `${'['.repeat(depth)}${leaf}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}${leaf}${'}'.repeat(depth)}`;

/** JSON bodies for a route: wrong types at each property, missing fields, extra and hostile content. */
export function jsonBodyCases(schema: JsonSchema | undefined, known: readonly string[]): fc.Arbitrary<BodyCase> {
  const props = Object.entries(schema?.properties ?? {});
  const required = schema?.required ?? [];
  const objectOnly = !!schema && allowedTypes(schema)?.size === 1 && allowedTypes(schema)?.has('object') === true;
  const someProperty = props.length ? fc.option(fc.constantFrom(...props.map(([k]) => k)), { nil: undefined }) : fc.constant(undefined);
  const base = (omit: readonly string[] = []) => (schema && objectOnly ? objectFor(schema, known, 0, omit) : plausible(schema, known));
  const cases: fc.Arbitrary<BodyCase>[] = [
    base().map((v) => ({ label: 'plausible types, hostile content', text: toJsonText(v), mustReject: false })),
    fc
      .tuple(base(), fc.array(fc.tuple(hostileKey, anyJson), { minLength: 1, maxLength: 4 }))
      .map(([v, extra]) => ({ label: 'extra fields', text: toJsonText(v instanceof JsonEntries ? new JsonEntries([...v.entries, ...extra]) : v), mustReject: false })),
    fc
      .tuple(fc.constantFrom('__proto__', 'constructor'), base(), fc.boolean())
      .map(([k, v, deep]) => {
        const poison = k === '__proto__' ? new JsonEntries([['polluted', 'yes']]) : new JsonEntries([['prototype', new JsonEntries([['polluted', 'yes']])]]);
        const entry = deep ? ['x', new JsonEntries([[k, poison]])] as const : [k, poison] as const;
        return { label: `prototype pollution via ${k}`, text: toJsonText(new JsonEntries([entry, ...(v instanceof JsonEntries ? v.entries : [])])), mustReject: true };
      }),
    fc
      .tuple(fc.integer({ min: 50, max: 60_000 }), fc.boolean(), fc.constantFrom('1', '"x"', '{"__proto__":{"polluted":1}}'), someProperty)
      .map(([depth, arrays, leaf, at]) => {
        const deep = new RawJson(nested(depth, arrays, leaf));
        const atTypes = at ? allowedTypes(schema?.properties?.[at]) : undefined;
        return {
          label: `nested ${depth} deep${at ? ` at body.${at}` : ''}`,
          text: toJsonText(at ? new JsonEntries([[at, deep]]) : deep),
          mustReject: leaf.includes('__proto__') || (!!atTypes && !atTypes.has(arrays ? 'array' : 'object')) || (!at && objectOnly && arrays),
        };
      }),
    fc
      .tuple(base(), fc.oneof(fc.integer({ min: 1_000, max: 100_000 }), fc.integer({ min: 900_000, max: 1_200_000 })), fc.constantFrom('a', 'é', '\\u0000'), someProperty)
      .map(([v, n, c, at]) => ({
        label: `huge string (${n} chars) at body.${at ?? 'x'}`,
        text: toJsonText(new JsonEntries([...(v instanceof JsonEntries ? v.entries : []), [at ?? 'x', new RawJson(`"${c.repeat(n)}"`)]])),
        mustReject: false,
      })),
    fc.tuple(base(), fc.constantFrom(...NUMBER_TOKENS)).map(([v, t]) => ({
      label: `number token ${t}`,
      text: toJsonText(v instanceof JsonEntries ? new JsonEntries([...v.entries, [props[0]?.[0] ?? 'n', new RawJson(t)]]) : new RawJson(t)),
      mustReject: false,
    })),
  ];
  if (objectOnly) {
    cases.push(
      fc.oneof(SAMPLES.array, SAMPLES.string, SAMPLES.number, SAMPLES.boolean, SAMPLES.null).map((v) => ({ label: 'not an object', text: toJsonText(v), mustReject: true, names: 'body' })),
    );
  }
  if (objectOnly) {
    const strings = props.filter(([, s]) => allowedTypes(s)?.has('string') && !s.enum && s.const === undefined);
    cases.push(conforming(schema).map((v) => ({ label: 'conforming', text: toJsonText(v), mustReject: false })));
    if (strings.length) {
      // Valid but for one string that carries a NUL, a lone surrogate, a quote...: reaches the handler.
      cases.push(
        fc.tuple(conforming(schema), fc.constantFrom(...strings)).chain(([v, [k, s]]) =>
          poisoned(s.minLength, s.maxLength).map((bad) => ({
            label: `conforming but body.${k}`,
            text: toJsonText(new JsonEntries([...(v instanceof JsonEntries ? v.entries.filter(([e]) => e !== k) : []), [k, bad]])),
            mustReject: false,
          })),
        ),
      );
    }
  }
  const typed = props.filter(([, s]) => wrongTypeFor(s));
  if (typed.length) {
    cases.push(
      fc.constantFrom(...typed).chain(([k, s]) =>
        fc.tuple(base([k]), wrongTypeFor(s)!).map(([v, wrong]) => ({
          label: `wrong type at body.${k}`,
          text: toJsonText(new JsonEntries([...(v instanceof JsonEntries ? v.entries : []), [k, wrong]])),
          mustReject: true,
          names: `body.${k}`,
        })),
      ),
    );
  }
  if (required.length) {
    cases.push(
      fc.subarray(required, { minLength: 1 }).chain((missing) =>
        base(missing).map((v) => ({ label: `missing ${missing.join(', ')}`, text: toJsonText(v), mustReject: true, names: `body.${missing[0]}` })),
      ),
      fc.constant({ label: 'empty object', text: '{}', mustReject: true, names: `body.${required[0]}` }),
    );
  }
  return fc.oneof(...cases);
}
