/**
 * The fan's token as the bridge keeps it: in memory, in a partitioned cookie of its own
 * (bridge-cookie.ts), and in the bridge's own storage (localStorage when the fan asked to
 * be remembered, else sessionStorage). Browsers key a third-party frame's cookies and
 * storage by the top-level site, so a token signed in on one site's page is never seen by
 * the bridge embedded in another site's page. The cookie comes first: a browser that
 * blocks third-party cookies and storage still keeps a partitioned cookie (CHIPS), where
 * storage alone is lost with the page and "remember me" meant nothing. Where even that
 * is refused, the Storage Access API is asked: silently when the fan already granted it,
 * else on the fan's next tap inside the frame (its confirm dialogs).
 * Nothing here is ever posted to the page.
 */
import { clearCookie, cookieName, cookiesUsable, readCookie, writeCookie, type CookieCredential } from './bridge-cookie.js';

const KEY = 'fandeck.bridge.credential';

type Stored = CookieCredential;

export type CredentialListener = (signedIn: boolean) => void;

type AccessDocument = Document & {
  hasStorageAccess?: () => Promise<boolean>;
  requestStorageAccess?: () => Promise<void>;
};

export class BridgeCredential {
  private current: Stored | null;
  private readonly listeners = new Set<CredentialListener>();
  /** Set once the browser granted this frame storage access (first-party cookies). */
  private access = false;
  private readonly partitioned: string;
  private readonly keyed: string;

  /** `cookie`: another name for the cookie, for tests sharing an origin with a real bridge. */
  constructor(options: { cookie?: string } = {}) {
    this.partitioned = options.cookie ?? cookieName(null);
    this.keyed = `${this.partitioned}${cookieName(embedderOrigin()).slice(cookieName(null).length)}`;
    this.current = this.stored();
    // Another tab's bridge on the same site signed in or out: follow it.
    window.addEventListener('storage', (event) => {
      if (event.key === KEY || event.key === null) this.follow();
    });
    (window as { cookieStore?: EventTarget }).cookieStore?.addEventListener('change', () => this.follow());
    if (!this.current) void this.recover();
  }

  get token(): string | null {
    return this.current?.token ?? null;
  }

  get signedIn(): boolean {
    return this.current !== null;
  }

  set(token: string, remember: boolean): void {
    this.current = { token, remember };
    const kept = this.persist(this.current);
    // Nothing would outlive this page view: ask for storage access at the fan's next tap here.
    if (!kept && remember) this.askOnGesture();
    this.emit();
  }

  clear(): void {
    if (!this.current) return;
    this.current = null;
    clearCookie(this.partitioned, true);
    clearCookie(this.keyed, false);
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

  private stored(): Stored | null {
    return readCookie(this.partitioned) ?? readCookie(this.keyed) ?? read(safeStorage('local')) ?? read(safeStorage('session'));
  }

  private follow(): void {
    const next = this.stored();
    if (next?.token === this.current?.token) return;
    this.current = next;
    this.emit();
  }

  /** Writes every place the browser allows; true when at least one outlives this page view. */
  private persist(credential: Stored): boolean {
    let kept = writeCookie(this.partitioned, credential, true);
    if (this.access) kept = writeCookie(this.keyed, credential, false) || kept;
    const keep = safeStorage(credential.remember ? 'local' : 'session');
    const drop = safeStorage(credential.remember ? 'session' : 'local');
    try {
      drop?.removeItem(KEY);
      keep?.setItem(KEY, JSON.stringify(credential));
      kept = kept || read(keep)?.token === credential.token;
    } catch {
      // Storage may be blocked for third-party frames; the cookie or memory holds it.
    }
    return kept;
  }

  /** At start with nothing kept: a storage access the fan granted before needs no prompt. */
  private async recover(): Promise<void> {
    const doc = document as AccessDocument;
    if (!doc.hasStorageAccess || !doc.requestStorageAccess || !cookiesUsable()) return;
    try {
      // With access already (third-party cookies allowed), stored() has read every cookie there is.
      if (await doc.hasStorageAccess()) return;
      const permission = await navigator.permissions.query({ name: 'storage-access' as PermissionName });
      if (permission.state !== 'granted') return;
      await doc.requestStorageAccess();
    } catch {
      return;
    }
    this.access = true;
    const found = readCookie(this.keyed);
    if (found && !this.current) {
      this.current = found;
      this.emit();
    }
  }

  /** requestStorageAccess needs a user gesture inside this frame: the first tap after this call. */
  private askOnGesture(): void {
    const doc = document as AccessDocument;
    if (!doc.requestStorageAccess || !cookiesUsable()) return;
    const ask = () => {
      // Called inside the gesture, before any await, or the browser refuses.
      doc.requestStorageAccess!().then(
        () => {
          this.access = true;
          if (this.current) this.persist(this.current);
        },
        () => undefined,
      );
    };
    doc.addEventListener('pointerup', ask, { once: true, capture: true });
  }
}

/** The partner's origin, as the browser names the frame's parent (bridge-main.ts verified it). */
function embedderOrigin(): string | null {
  const ancestors = location.ancestorOrigins as DOMStringList | undefined;
  if (ancestors && ancestors.length > 0) return ancestors.item(0);
  try {
    return document.referrer ? new URL(document.referrer).origin : null;
  } catch {
    return null;
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
