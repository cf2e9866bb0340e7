import type { z } from 'zod';
import { badRequest } from './errors.js';

/**
 * Refuses a NUL character anywhere in a parsed input (PostgreSQL text cannot hold one, so it
 * would surface as a 500), naming the field like a validation error: `body.name: ...`.
 */
export function rejectNulCharacters(value: unknown, where: string): void {
  // Iterative: a body may nest thousands of levels deep.
  const pending: [unknown, string][] = [[value, where]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, path] = next;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) throw badRequest('request.nul_character', `${path}: must not contain NUL characters`, [path]);
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\u0000')) throw badRequest('request.nul_character', `${path}: must not contain NUL characters`, [path]);
        pending.push([child, `${path}.${key}`]);
      }
    }
  }
}

/** Validates a value outside Fastify's schema step (multipart fields) with the same message shape. */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown, where = 'body'): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) {
    rejectNulCharacters(result.data, where);
    return result.data;
  }
  const issues = result.error.issues.map((issue) => ({ field: [where, ...issue.path.map(String)].join('.'), message: issue.message }));
  throw badRequest(
    'request.invalid',
    issues.map(({ field, message }) => `${field}: ${message}`).join('; '),
    [...new Set(issues.map(({ field }) => field))],
  );
}
