import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { ORIGIN_PROOF_PATH } from '@fandeck/contract';
import { repoRoot } from './paths.js';

/** A tiny web site on its own origin (`http://localhost:<port>`), serving fixed pages. */
export interface Site {
  origin: string;
  /** Serves a creator's origin token from now on (`ORIGIN_PROOF_PATH`, one token a line), as a site owner proves control. */
  proveOrigin(token: string): void;
  close(): Promise<void>;
}

export type Page = string | ((url: URL) => string);

export async function startSite(pages: Record<string, Page>): Promise<Site> {
  const tokens: string[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === ORIGIN_PROOF_PATH && tokens.length > 0) {
      response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end(`${tokens.join('\n')}\n`);
      return;
    }
    const page = pages[url.pathname];
    if (!page) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(typeof page === 'string' ? page : page(url));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    // `localhost`, not 127.0.0.1: another host than the platform's, so another site.
    origin: `http://localhost:${port}`,
    proveOrigin: (token) => void tokens.push(token),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export const bridgeDist = path.join(repoRoot, 'widgets/dist/bridge');

/** The bridge and popup pages are served from widgets/dist/bridge; build them when missing (the loader's chunks are expected built). */
export function ensureBridgeBuild(): void {
  if (existsSync(path.join(bridgeDist, 'bridge.html')) && existsSync(path.join(bridgeDist, 'login.html'))) return;
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build:bridge', '-w', 'widgets'], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: 'inherit',
    timeout: 300_000,
  });
  if (result.status !== 0) throw new Error(`building widgets/dist/bridge failed (exit ${String(result.status)})`);
}

/**
 * A hostile script that runs first on the embedding page and looks for the credential
 * everywhere a page script can: every postMessage the window receives, every fetch
 * and XMLHttpRequest (patched), cookies, both storages, IndexedDB names, the DOM
 * including open shadow roots, and every global property. `window.__haystack()`
 * returns everything it saw as one string.
 */
export const hostileScript = String.raw`
(() => {
  const seen = [];
  const text = (value) => {
    const stack = new WeakSet();
    try {
      return JSON.stringify(value, (key, item) => {
        if (typeof item === 'function') return 'fn:' + key;
        if (typeof item === 'object' && item !== null) {
          if (stack.has(item)) return '[cycle]';
          stack.add(item);
        }
        return item;
      });
    } catch (error) {
      try { return String(value); } catch { return '[unreadable]'; }
    }
  };
  window.addEventListener('message', (event) => seen.push('message ' + event.origin + ' ' + text(event.data)), true);
  const realFetch = window.fetch;
  window.fetch = async (...args) => {
    seen.push('fetch ' + text(args));
    const response = await realFetch(...args);
    response.clone().text().then((body) => seen.push('fetch-answer ' + body), () => {});
    return response;
  };
  const realOpen = XMLHttpRequest.prototype.open;
  const realSend = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.open = function (...args) { seen.push('xhr ' + text(args)); return realOpen.apply(this, args); };
  XMLHttpRequest.prototype.send = function (body) {
    this.addEventListener('load', () => seen.push('xhr-answer ' + this.responseText));
    seen.push('xhr-body ' + text(body));
    return realSend.call(this, body);
  };
  const shadows = (root, out) => {
    for (const element of root.querySelectorAll('*')) {
      if (element.shadowRoot) { out.push(element.shadowRoot.innerHTML); shadows(element.shadowRoot, out); }
    }
    return out;
  };
  window.__messages = () => seen.filter((entry) => entry.startsWith('message '));
  window.__haystack = async () => {
    const parts = [...seen, 'cookie ' + document.cookie];
    for (const storage of [localStorage, sessionStorage]) {
      for (let i = 0; i < storage.length; i++) parts.push('storage ' + storage.key(i) + '=' + storage.getItem(storage.key(i)));
    }
    try { parts.push('idb ' + text(await indexedDB.databases())); } catch {}
    parts.push(document.documentElement.outerHTML, ...shadows(document, []));
    for (const frame of document.querySelectorAll('iframe')) {
      const inside = frame.contentDocument;
      parts.push(inside ? 'frame ' + inside.documentElement.outerHTML : 'frame unreadable: ' + frame.src);
    }
    for (const key of Object.getOwnPropertyNames(window)) {
      if (key === '__haystack' || key === '__messages') continue;
      try { parts.push('global ' + key + '=' + text(window[key])); } catch {}
    }
    // Libraries hide state under symbols (the session, i18n, the loader's settings).
    for (const key of Object.getOwnPropertySymbols(window)) {
      try { parts.push('symbol ' + String(key) + '=' + text(window[key])); } catch {}
    }
    return parts.join('\n');
  };
})();
`;

/** A page on a third origin that posts bridge calls to every frame of its parent and reports any answer. */
export const probePage = String.raw`<!doctype html><meta charset="utf-8"><title>probe</title>
<script>
  // Counts what a bridge would say back; the probes' own calls (posted to every frame) are not answers.
  const answerTypes = ['ready', 'reply', 'progress', 'credential', 'live-status', 'live-event', 'accept', 'done'];
  const answers = [];
  window.addEventListener('message', (event) => {
    if (event.data && answerTypes.includes(event.data.type)) answers.push({ origin: event.origin, data: event.data });
  });
  const calls = [
    { channel: 'fandeck-bridge', id: 900001, type: 'request', method: 'GET', path: '/users/me', query: { probe: 'hostile' } },
    { channel: 'fandeck-bridge', id: 900002, type: 'logout' },
    { channel: 'fandeck-login', nonce: 'guess', type: 'offer' },
    { channel: 'fandeck-login', nonce: 'guess', type: 'token', token: 'forged-token', remember: true },
  ];
  for (let i = 0; i < parent.frames.length; i++) {
    for (const call of calls) parent.frames[i].postMessage(call, '*');
  }
  setTimeout(() => parent.postMessage({ probeReport: location.origin, answers: answers.length }, '*'), 1500);
</script>`;
