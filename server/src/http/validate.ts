import type { z } from 'zod';
import { badRequest } from './errors.js';

/** Validates a value outside Fastify's schema step (multipart fields) with the same message shape. */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown, where = 'body'): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw badRequest(
    result.error.issues.map((issue) => `${[where, ...issue.path.map(String)].join('.')}: ${issue.message}`).join('; '),
  );
}
