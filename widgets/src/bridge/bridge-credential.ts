/**
 * The fan's token as the bridge keeps it: in memory, and in the bridge's own storage
 * (localStorage when the fan asked to be remembered, else sessionStorage). Browsers
 * partition a third-party frame's storage by top-level site, so a token signed in on
 * one site's page is never seen by the bridge embedded in another site's page.
 * Nothing here is ever posted to the page.
 */
const KEY = 'fandeck.bridge.credential';

interface Stored {
  token: string;
  remember: boolean;
}

export type CredentialListener = (signedIn: boolean) => void;

export class BridgeCredential {
  private current: Stored | null;
  private readonly listeners = new Set<CredentialListener>();

  constructor() {
    this.current = read(safeStorage('local')) ?? read(safeStorage('session'));
    // Another tab's bridge on the same site signed in or out: follow it.
    window.addEventListener('storage', (event) => {
      if (event.key !== KEY && event.key !== null) return;
      const next = read(safeStorage('local')) ?? read(safeStorage('session'));
      if (next?.token === this.current?.token) return;
      this.current = next;
      this.emit();
    });
  }

  get token(): string | null {
    return this.current?.token ?? null;
  }

  get signedIn(): boolean {
    return this.current !== null;
  }

  set(token: string, remember: boolean): void {
    this.current = { token, remember };
    const keep = safeStorage(remember ? 'local' : 'session');
    const drop = safeStorage(remember ? 'session' : 'local');
    try {
      drop?.removeItem(KEY);
      keep?.setItem(KEY, JSON.stringify(this.current));
    } catch {
      // Storage may be blocked for third-party frames; memory still holds it for this page view.
    }
    this.emit();
  }

  clear(): void {
    if (!this.current) return;
    this.current = null;
    for (const storage of [safeStorage('local'), safeStorage('session')]) {
      try {
        storage?.removeItem(KEY);
      } catch {
        // Nothing stored, nothing to remove.
      }
    }
    this.emit();
  }

  onChange(listener: CredentialListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(): void {
    for (const listener of this.listeners) listener(this.signedIn);
  }
}

function safeStorage(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

function read(storage: Storage | null): Stored | null {
  try {
    const raw = storage?.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Stored>;
    return typeof value.token === 'string' && value.token ? { token: value.token, remember: value.remember === true } : null;
  } catch {
    return null;
  }
}
