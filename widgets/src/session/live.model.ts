import { effect, signal, untracked, type ReadonlySignal } from '@preact/signals-core';
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
}

/**
 * The connection exists exactly while `loggedIn` is true (spec sections 4 and 6): an
 * effect opens it through the transport on sign-in and closes it on sign-out. What the
 * server says over it is for the feature models (the wallet's `update_balance`, …),
 * which listen on `channel`.
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
      return () => {
        offStatus();
        deps.transport.closeLive();
        channel.value = null;
        if (status.peek() !== 'initialized') status.value = 'disconnect';
      };
    });
  });

  return { status, channel, dispose: stop };
}
