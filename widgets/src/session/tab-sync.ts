/**
 * Sign-in and sign-out reach the other tabs of the same origin: a BroadcastChannel
 * named `fandeck-session`, or, where there is none, the `storage` event of a
 * localStorage key (fired in every other tab when one tab writes it). Neither echoes
 * to the tab that announced, so a tab never reacts to its own change.
 */
export const TAB_SYNC_CHANNEL = 'fandeck-session';
export const TAB_SYNC_STORAGE_KEY = 'fandeck-session';

export type TabSyncKind = 'login' | 'logout';

export interface TabSyncOptions {
  /** Default true when the browser has BroadcastChannel; false forces the storage fallback. */
  useBroadcastChannel?: boolean;
  /** The window whose storage is written and whose `storage` events are heard; default this one. */
  view?: Window;
}

export interface TabSync {
  announce(kind: TabSyncKind): void;
  subscribe(listener: (kind: TabSyncKind) => void): () => void;
  close(): void;
}

interface TabSyncMessage {
  kind: TabSyncKind;
  /** Makes each storage write differ, so announcing the same kind twice still fires. */
  at: number;
  nonce: string;
}

export function createTabSync(options: TabSyncOptions = {}): TabSync {
  const listeners = new Set<(kind: TabSyncKind) => void>();
  const view = options.view ?? window;
  const useChannel = (options.useBroadcastChannel ?? true) && typeof BroadcastChannel === 'function';
  const deliver = (data: unknown) => {
    const kind = kindOf(data);
    if (kind) for (const listener of [...listeners]) listener(kind);
  };

  let channel: BroadcastChannel | null = null;
  let onStorage: ((event: StorageEvent) => void) | null = null;
  if (useChannel) {
    channel = new BroadcastChannel(TAB_SYNC_CHANNEL);
    channel.onmessage = (event: MessageEvent<unknown>) => deliver(event.data);
  } else {
    onStorage = (event: StorageEvent) => {
      if (event.key !== TAB_SYNC_STORAGE_KEY || !event.newValue) return;
      try {
        deliver(JSON.parse(event.newValue));
      } catch {
        // Another script wrote the key; not ours to read.
      }
    };
    view.addEventListener('storage', onStorage);
  }

  return {
    announce(kind) {
      const message: TabSyncMessage = { kind, at: Date.now(), nonce: Math.random().toString(36).slice(2) };
      if (channel) {
        channel.postMessage(message);
        return;
      }
      try {
        view.localStorage.setItem(TAB_SYNC_STORAGE_KEY, JSON.stringify(message));
      } catch {
        // Storage unavailable (privacy modes): other tabs learn at their next call.
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    close() {
      listeners.clear();
      channel?.close();
      channel = null;
      if (onStorage) view.removeEventListener('storage', onStorage);
      onStorage = null;
    },
  };
}

function kindOf(data: unknown): TabSyncKind | null {
  if (typeof data !== 'object' || data === null) return null;
  const kind = (data as { kind?: unknown }).kind;
  return kind === 'login' || kind === 'logout' ? kind : null;
}
