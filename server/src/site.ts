import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import staticFiles from '@fastify/static';
import type { AppContext } from './context.js';
import { registerEmbedPages } from './domains/embeds/index.js';
import { errorBody } from './http/errors.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const siteDirs = {
  host: path.join(root, 'host/dist'),
  loader: path.join(root, 'loader/dist'),
  widgets: path.join(root, 'widgets/dist'),
};

const NOT_SPA_PREFIXES = ['/api/', '/socket.io', '/files/', '/widgets/', '/loader/', '/embed/', '/assets/'];
/** Extensions of files the site serves; usernames may not end in one (accounts.schemas.ts). */
export const ASSET_EXTENSION = /\.(js|mjs|css|map|html|json|txt|xml|svg|png|jpe?g|gif|webp|ico|woff2?|ttf|mp4|webm|mp3|wasm)$/i;

/** Paths under /files/ that are served (as the static plugin sees them, decoded). */
const PUBLIC_FILES = [/^\/defaults\/[\w-]+\.svg$/, /^\/avatars\/[\w-]+\.svg$/, /^\/images\/[\w-]+\/[0-9a-f]+\/(small|medium|large)\.webp$/];

/** Serves uploads, the built host site (with SPA fallback), the loader and widget bundles, and the embed pages. */
export type SiteDirs = typeof siteDirs;

export async function registerSiteRoutes(app: FastifyInstance, ctx: AppContext, dirs: SiteDirs = siteDirs): Promise<void> {
  await app.register(staticFiles, {
    root: ctx.config.uploadsDir,
    prefix: '/files/',
    index: false,
    // Only what is public by design: the default pictures, the demo avatars and processed
    // images (never an upload being received or processed, never an ID document). The
    // `sendFile` this plugin decorates replies with also serves the host shell and embed.js
    // from their own roots; the rule is the uploads folder's.
    allowedPath: (pathName, root) => root !== ctx.config.uploadsDir || PUBLIC_FILES.some((pattern) => pattern.test(pathName)),
    setHeaders: (res) => res.setHeader('x-content-type-options', 'nosniff'),
  });
  for (const [prefix, dir] of [
    ['/widgets/', dirs.widgets],
    ['/loader/', dirs.loader],
  ] as const) {
    if (existsSync(dir)) {
      await app.register(staticFiles, {
        root: dir,
        prefix,
        decorateReply: false,
        index: false,
        // HTML pages of the bridge build are served only by registerEmbedPages, with their CSP.
        allowedPath: (name) => !/\.html?$/i.test(name),
        // Public bundles that third-party pages import as modules, which needs CORS.
        setHeaders: (res) => {
          res.setHeader('access-control-allow-origin', '*');
          res.setHeader('cross-origin-resource-policy', 'cross-origin');
        },
      });
    }
  }
  registerEmbedPages(app, ctx, { dir: path.join(dirs.widgets, 'bridge') });
  if (existsSync(path.join(dirs.loader, 'embed.js'))) {
    app.get('/embed.js', { schema: { hide: true } }, (_req, reply) =>
      reply.header('cache-control', 'no-cache').sendFile('embed.js', dirs.loader),
    );
  }
  if (!existsSync(path.join(dirs.host, 'index.html'))) return;
  await app.register(staticFiles, {
    root: dirs.host,
    prefix: '/',
    wildcard: false,
    index: ['index.html'],
    decorateReply: false,
    setHeaders: (res, file) => {
      if (/\.html?$/i.test(file)) for (const [name, value] of Object.entries(HOST_PAGE_HEADERS)) res.setHeader(name, value);
    },
  });
  // Client-side routes (/auth/login, /{profileId}, ...) all load the host shell. A username
  // may hold dots (/ana.lima), so only a known asset extension marks a missing file.
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (NOT_SPA_PREFIXES.some((prefix) => url.startsWith(prefix)) || ASSET_EXTENSION.test(url)) {
      return reply.code(404).send(errorBody(404, 'route.not_found', `Route ${request.method} ${url} not found`));
    }
    return reply.headers(HOST_PAGE_HEADERS).header('cache-control', 'no-cache').sendFile('index.html', dirs.host);
  });
}

/**
 * The platform's own pages are never framed by another site (clickjacking a signed-in
 * fan); only the embed pages, with their per-creator `frame-ancestors`, are meant to be.
 */
export const HOST_PAGE_HEADERS = {
  'content-security-policy': "frame-ancestors 'self'",
  'x-frame-options': 'SAMEORIGIN',
} as const;
