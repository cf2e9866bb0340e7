/**
 * Entry of /embed/bridge.html, the hidden iframe third-party pages talk to. It starts
 * only inside a frame whose parent's origin the creator allows (the server's
 * `frame-ancestors` already made the browser refuse other parents; this check also
 * fixes the one origin the bridge will talk to). When anything does not fit it stays
 * silent: no listener, no `ready`, nothing for an unlisted page to talk to.
 *
 * This entry is kept small: it only asks the server about the embedding origin. The host
 * (protocol, credential, route table) is imported meanwhile and evaluated in a task of its
 * own, so the frame's first script task is not all of the bridge at once.
 */
import './bridge.css';
// The locale's name only: the confirm's texts load with the first confirm, not before the bridge is ready.
import { bridgeLocale } from './bridge-locale.js';

/** The origin of the page that embeds this frame: Chromium names it; elsewhere the referrer does. */
export function embeddingOrigin(): string | null {
  const ancestors = location.ancestorOrigins as DOMStringList | undefined;
  if (ancestors && ancestors.length > 0) return ancestors.item(0);
  try {
    return document.referrer ? new URL(document.referrer).origin : null;
  } catch {
    return null;
  }
}

async function isAllowed(creator: string, origin: string): Promise<boolean> {
  const url = new URL('/api/embeds/check', location.origin);
  url.searchParams.set('creator', creator);
  url.searchParams.set('origin', origin);
  try {
    const response = await fetch(url, { credentials: 'omit', cache: 'no-store' });
    if (!response.ok) return false;
    const body = (await response.json()) as { data?: { allowed?: unknown } };
    return body.data?.allowed === true;
  } catch {
    return false;
  }
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function main(): Promise<void> {
  if (window.parent === window) return;
  const params = new URLSearchParams(location.search);
  const creator = params.get('creator');
  const embedder = embeddingOrigin();
  if (!creator || !embedder || embedder === 'null') return;
  const allowed = isAllowed(creator, embedder);
  // The host's code travels while the server answers (the answer decides whether it starts at
  // all); its fetches start in the next task, since starting one costs the main thread too.
  const host = nextTask().then(() => import('./bridge-host.js'));
  host.catch(() => undefined);
  if (!(await allowed)) return;
  const { BridgeHost } = await host;
  new BridgeHost({ embedder, platformOrigin: location.origin, locale: bridgeLocale(params.get('locale')) }).start();
}

void main();
