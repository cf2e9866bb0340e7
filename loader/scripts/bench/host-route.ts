import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { sizes, type Sized } from './sizes.js';
import { htmlGraph } from './static-graph.js';

/** The host's first route as built: index.html, its module graph and stylesheets. */
export function hostStaticRoute(hostDist: string): Sized[] {
  return htmlGraph(hostDist, 'index.html', '/').map((file) => sizes(`host/dist/${file}`, readFileSync(path.join(hostDist, file))));
}

/**
 * What a visitor's browser downloads for `/` from the platform until the network is
 * quiet: the shell, the page the route ends on (a visitor is sent on to sign in) and its
 * assets. API answers and the socket are data, not the route's weight; they are left out.
 */
export async function hostMeasuredRoute(browser: Browser, platform: string): Promise<{ rows: Sized[]; landedOn: string }> {
  const context = await browser.newContext({ locale: 'pt-BR' });
  try {
    const page = await context.newPage();
    const responses: Promise<Sized | null>[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin !== platform || url.pathname.startsWith('/api/') || url.pathname.startsWith('/socket.io')) return;
      responses.push(
        response
          .body()
          .then((body) => sizes(url.pathname, body))
          .catch(() => null),
      );
    });
    await page.goto(`${platform}/`, { waitUntil: 'networkidle' });
    const rows = (await Promise.all(responses)).filter((row) => row !== null);
    return { rows, landedOn: new URL(page.url()).pathname };
  } finally {
    await context.close();
  }
}
