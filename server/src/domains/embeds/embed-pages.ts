import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context.js';
import { frameAncestors } from './embed-origin.js';
import { creatorOrigins } from './embeds.service.js';

/** Where the bridge build put its pages (`widgets/dist/bridge`). */
export interface EmbedPagesOptions {
  dir: string;
}

export const BRIDGE_PATH = '/embed/bridge.html';
export const LOGIN_PATH = '/embed/login.html';

/**
 * Everything but the framing rule. The pages run only their own bundled scripts and
 * talk only to their own origin (fetch and the live socket).
 */
const BASE_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
].join('; ');

const NOT_BUILT = '<!doctype html><meta charset="utf-8"><title>Fandeck</title><p>The embed pages are not built (npm run build -w widgets).</p>';

/**
 * The platform-origin pages third-party embeds rely on:
 * - `/embed/bridge.html?creator=<username-or-id>`: the hidden bridge iframe. Its
 *   `frame-ancestors` lists the creator's allowed origins, so a browser refuses to
 *   render it inside any other page; unknown creator or empty list gives `'none'`.
 * - `/embed/login.html`: the sign-in popup; never framed.
 */
export function registerEmbedPages(app: FastifyInstance, ctx: AppContext, options: EmbedPagesOptions): void {
  app.get(BRIDGE_PATH, { schema: { hide: true } }, async (request, reply) => {
    const creator = creatorParam(request.query);
    const listed = creator ? await creatorOrigins(ctx, creator) : null;
    const policy = `${BASE_POLICY}; form-action 'none'; ${frameAncestors(ctx.config.publicOrigin, listed ?? [])}`;
    return sendPage(reply, path.join(options.dir, 'bridge.html'), policy);
  });

  app.get(LOGIN_PATH, { schema: { hide: true } }, async (_request, reply) => {
    const policy = `${BASE_POLICY}; form-action 'self'; frame-ancestors 'none'`;
    // The popup needs window.opener to hand the token to the bridge, so no COOP isolation.
    reply.header('cross-origin-opener-policy', 'unsafe-none');
    return sendPage(reply, path.join(options.dir, 'login.html'), policy);
  });
}

function creatorParam(query: unknown): string | undefined {
  const value = (query as Record<string, unknown> | undefined)?.creator;
  return typeof value === 'string' && value.length > 0 && value.length <= 100 ? value : undefined;
}

async function sendPage(reply: FastifyReply, file: string, policy: string): Promise<FastifyReply> {
  reply
    .header('content-security-policy', policy)
    // The list of allowed origins can change at any time.
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'same-origin')
    .type('text/html; charset=utf-8');
  const html = await readFile(file, 'utf8').catch(() => undefined);
  if (html === undefined) return reply.code(503).send(NOT_BUILT);
  return reply.send(html);
}
