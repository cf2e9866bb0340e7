/**
 * CORS for the origins the operator lists (`CORS_ORIGINS`, exact `scheme://host[:port]`):
 * pages there may call the API with the Authorization header and JSON, as existing
 * clients on another origin do (api-contract.md section 7). Every other origin gets no
 * CORS header at all, so the browser keeps its page out. The platform's own pages and the
 * embed bridge are same-origin and need none of this.
 */
import type { FastifyInstance } from 'fastify';
import { IDEMPOTENCY_HEADER, QUOTE_HEADER } from '@fandeck/contract';

const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE';
const ALLOWED_HEADERS = ['authorization', 'content-type', 'accept', 'accept-language', IDEMPOTENCY_HEADER, QUOTE_HEADER].join(', ');
const EXPOSED_HEADERS = 'retry-after';
const PREFLIGHT_CACHE_SECONDS = '600';

export function registerCors(app: FastifyInstance, allowed: readonly string[]): void {
  const origins = new Set(allowed);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/') && request.url !== '/api') return;
    const origin = request.headers.origin;
    // Caches must keep answers for different origins apart, allowed or not.
    if (origins.size > 0) reply.header('vary', 'Origin');
    if (typeof origin !== 'string' || !origins.has(origin)) return;
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-allow-credentials', 'true');
    reply.header('access-control-expose-headers', EXPOSED_HEADERS);
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      reply.header('access-control-allow-methods', ALLOWED_METHODS);
      reply.header('access-control-allow-headers', ALLOWED_HEADERS);
      reply.header('access-control-max-age', PREFLIGHT_CACHE_SECONDS);
      return reply.code(204).send();
    }
  });
}
