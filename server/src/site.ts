import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import staticFiles from '@fastify/static';
import type { AppContext } from './context.js';
import { registerEmbedPages } from './domains/embeds/embed-pages.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const siteDirs = {
  host: path.join(root, 'host/dist'),
  loader: path.join(root, 'loader/dist'),
  widgets: path.join(root, 'widgets/dist'),
};

/** Serves uploads, the built host site (with SPA fallback), the loader and widget bundles, and the embed pages. */
export async function registerSiteRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(staticFiles, {
    root: ctx.config.uploadsDir,
    prefix: '/files/',
    index: false,
    allowedPath: (pathName) => !pathName.includes('/documents/'),
    setHeaders: (res) => res.setHeader('x-content-type-options', 'nosniff'),
  });
  for (const [prefix, dir] of [
    ['/widgets/', siteDirs.widgets],
    ['/loader/', siteDirs.loader],
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
  registerEmbedPages(app, ctx, { dir: path.join(siteDirs.widgets, 'bridge') });
  if (existsSync(path.join(siteDirs.loader, 'embed.js'))) {
    app.get('/embed.js', { config: { access: 'public' }, schema: { hide: true } }, (_req, reply) =>
      reply.header('cache-control', 'no-cache').sendFile('embed.js', siteDirs.loader),
    );
  }
  if (!existsSync(path.join(siteDirs.host, 'index.html'))) return;
  await app.register(staticFiles, { root: siteDirs.host, prefix: '/', wildcard: false, index: ['index.html'], decorateReply: false });
  // Client-side routes (/auth/login, /{profileId}, ...) all load the host shell.
  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url.startsWith('/socket.io') || path.extname(url)) {
      return reply.code(404).send({ statusCode: 404, message: `Route ${request.method} ${url} not found`, error: 'Not Found' });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html', siteDirs.host);
  });
}
