/**
 * What existing clients send (api-contract.md section 7), accepted as they mean it:
 *
 * - an optional field sent as `""` (`couponCode`, `cardId`, `conversationId`) means absent:
 *   a body or query that fails validation only because such fields hold `""` is validated
 *   again without them. A body field that accepts `""` (a bio cleared on purpose) keeps it;
 * - in a query string an empty value (`gender=`, `categoryIds=`, `isFreeSubscription=`) is
 *   always absent, and so is an empty repeat of a key (`ids=&ids=a` is `ids=a`): a filter
 *   never means "equals nothing";
 * - a POST with `Content-Type: application/json` and no body is `{}`;
 * - keys a route does not take are dropped, not refused (zod objects strip them).
 */
import type { FastifyInstance, FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

type Validate = ReturnType<FastifySchemaCompiler<z.ZodType>>;
type Result = { value?: unknown; error?: Error | FastifySchemaValidationError[] };

// A JSON body has Object's prototype; a parsed query string a bare dictionary's (an
// empty object without a prototype of its own), so neither carries inherited keys.
const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: object | null = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null || Object.getPrototypeOf(prototype) === null;
};

/** The top-level keys a validation failure names. */
function failedKeys(result: Result): Set<string> {
  const errors = Array.isArray(result.error) ? result.error : [];
  return new Set(errors.map((error) => (error.instancePath ?? '').split('/')[1] ?? '').filter(Boolean));
}

/** A query string without its empty values. */
function withoutBlankParameters(query: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    const present = Array.isArray(value) ? value.filter((item) => item !== '') : value;
    if (present === '' || (Array.isArray(present) && present.length === 0)) continue;
    kept[key] = present;
  }
  return kept;
}

export const blankTolerantValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = validatorCompiler(route) as Validate;
  if (route.httpPart !== 'body' && route.httpPart !== 'querystring') return validate;
  return (input) => {
    const data = route.httpPart === 'querystring' && isPlainObject(input) ? withoutBlankParameters(input) : input;
    const first = validate(data) as Result;
    if (!first.error || !isPlainObject(data)) return first;
    const failed = failedKeys(first);
    const blanks = Object.keys(data).filter((key) => data[key] === '' && failed.has(key));
    if (blanks.length === 0) return first;
    const without = { ...data };
    for (const key of blanks) delete without[key];
    const second = validate(without) as Result;
    // Still wrong without them: report the first failure, which names every field.
    return second.error ? first : second;
  };
};

/** `application/json` as Fastify parses it (prototype-poisoning checks included), except that no body at all is `{}`. */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, {});
      return;
    }
    parse(request, text, done);
  });
}
