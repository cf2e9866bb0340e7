/**
 * How the sign-in popup hands the token to the bridge and to nobody else. The popup
 * offers, to every frame of the page that opened it, a login for the nonce in its own
 * URL, posting with the platform origin as target so only platform frames receive it.
 * The bridge holding that nonce accepts; only then, and only to that window, does the
 * popup post the token. The page that opened the popup never receives anything.
 */
import { POPUP_CHANNEL, readPopupMessage } from './protocol.js';

export type HandoffOutcome = 'done' | 'no-opener' | 'unreachable';

export interface Handoff {
  token: string;
  remember: boolean;
  nonce: string;
  timeoutMs?: number;
}

/** The frames of a window and their frames: where the bridge can be. Cross-origin safe. */
function framesOf(root: Window): Window[] {
  const found: Window[] = [];
  const visit = (win: Window, depth: number) => {
    let count = 0;
    try {
      count = win.length;
    } catch {
      return;
    }
    for (let i = 0; i < count && found.length < 200; i++) {
      const child = win[i];
      if (!child) continue;
      found.push(child);
      if (depth < 2) visit(child, depth + 1);
    }
  };
  visit(root, 0);
  return found;
}

export function handOff({ token, remember, nonce, timeoutMs = 5000 }: Handoff): Promise<HandoffOutcome> {
  const opener = window.opener as Window | null;
  if (!opener || opener.closed || !nonce) return Promise.resolve('no-opener');
  const origin = location.origin;
  return new Promise((resolve) => {
    let target: Window | null = null;
    const finish = (outcome: HandoffOutcome) => {
      clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      resolve(outcome);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || !event.source) return;
      const message = readPopupMessage(event.data);
      if (!message || message.nonce !== nonce) return;
      if (message.type === 'accept' && !target) {
        target = event.source as Window;
        target.postMessage({ channel: POPUP_CHANNEL, type: 'token', nonce, token, remember }, origin);
      } else if (message.type === 'done' && event.source === target) {
        finish('done');
      }
    };
    window.addEventListener('message', onMessage);
    const timer = setTimeout(() => finish('unreachable'), timeoutMs);
    for (const frame of framesOf(opener)) {
      try {
        frame.postMessage({ channel: POPUP_CHANNEL, type: 'offer', nonce }, origin);
      } catch {
        // A frame that went away meanwhile.
      }
    }
  });
}
