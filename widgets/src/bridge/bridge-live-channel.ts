/**
 * The page's view of the live connection held by the bridge: a LiveChannel whose
 * subscriptions are mirrored into the bridge (one `live-on` per event name however
 * many listeners the page has) and whose events arrive as forwarded messages.
 */
import type { ServerEventName, ServerEvents } from '@fandeck/contract';
import type { LiveChannel, LiveStatus } from '../session/transport.js';
import type { BridgeFrame } from './bridge-frame.js';

export class BridgeLiveChannel implements LiveChannel {
  private readonly listeners = new Map<string, Set<(payload: unknown) => void>>();
  private readonly statusListeners = new Set<(status: LiveStatus) => void>();
  /** The last status the bridge reported. */
  status: LiveStatus = 'initialized';
  private readonly detach: (() => void)[];

  constructor(private readonly frame: BridgeFrame) {
    this.detach = [
      frame.onLiveEvent((event, payload) => {
        for (const listener of [...(this.listeners.get(event) ?? [])]) listener(payload);
      }),
      frame.onLiveStatus((status) => {
        this.status = status;
        for (const listener of [...this.statusListeners]) listener(status);
      }),
    ];
    frame.notify({ type: 'live-open' });
  }

  on<E extends ServerEventName>(event: E, typed: (payload: ServerEvents[E]) => void): () => void {
    // The bridge forwards what the server sent under this name: the contract's payload.
    const listener = typed as (payload: unknown) => void;
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
      this.frame.notify({ type: 'live-on', event });
    }
    set.add(listener);
    return () => {
      const current = this.listeners.get(event);
      if (!current?.delete(listener) || current.size > 0) return;
      this.listeners.delete(event);
      this.frame.notify({ type: 'live-off', event });
    };
  }

  emit(event: string, payload?: unknown): void {
    this.frame.notify({ type: 'live-emit', event, payload });
  }

  joinRoom(room: string): void {
    this.frame.notify({ type: 'live-join', room });
  }

  leaveRoom(room: string): void {
    this.frame.notify({ type: 'live-leave', room });
  }

  /** Like the same-origin connection: the listener hears the current status at once, then changes. */
  onStatus(listener: (status: LiveStatus) => void): () => void {
    this.statusListeners.add(listener);
    listener(this.status);
    return () => this.statusListeners.delete(listener);
  }

  /** Closes the bridge's socket and forgets every subscription. */
  close(): void {
    for (const off of this.detach) off();
    this.listeners.clear();
    this.statusListeners.clear();
    this.frame.notify({ type: 'live-close' });
  }
}
