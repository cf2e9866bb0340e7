import { effect, signal, untracked, type ReadonlySignal } from '@preact/signals-core';
import { LIVE_EVENTS } from '../live/live-options.js';
import type { LiveChannel, LiveStatus, Transport } from './transport.js';

/** The live connection as views see it (spec section 4, Live socket status). */
export interface LiveModel {
  readonly status: ReadonlySignal<LiveStatus>;
  /** The open channel while signed in, else null. */
  readonly channel: ReadonlySignal<LiveChannel | null>;
}

export interface LiveModelDeps {
  transport: Transport;
  loggedIn: ReadonlySignal<boolean>;
  /** `update_balance { token }`: the balance changed by this many tokens. */
  onBalanceDelta: (delta: number) => void;
}

/**
 * The connection exists exactly while `loggedIn` is true (spec sections 4 and 6): an
 * effect opens it through the transport on sign-in and closes it on sign-out.
 */
export function createLiveModel(deps: LiveModelDeps): LiveModel & { dispose(): void } {
  const status = signal<LiveStatus>('initialized');
  const channel = signal<LiveChannel | null>(null);

  const stop = effect(() => {
    if (!deps.loggedIn.value) return;
    return untracked(() => {
      const live = deps.transport.live();
      channel.value = live;
      const offStatus = live.onStatus((next) => (status.value = next));
      const offBalance = live.on(LIVE_EVENTS.updateBalance, (payload) => {
        const delta = tokenDelta(payload);
        if (delta !== null) deps.onBalanceDelta(delta);
      });
      return () => {
        offStatus();
        offBalance();
        deps.transport.closeLive();
        channel.value = null;
        if (status.peek() !== 'initialized') status.value = 'disconnect';
      };
    });
  });

  return { status, channel, dispose: stop };
}

function tokenDelta(payload: unknown): number | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const token = (payload as { token?: unknown }).token;
  const value = typeof token === 'string' ? Number(token) : token;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}
