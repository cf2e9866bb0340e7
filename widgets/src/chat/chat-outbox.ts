/**
 * The outbox: messages written but not yet stored by the server, kept per user in
 * localStorage so they survive a reload, and the queue that sends them one after the
 * other (in the order they were written). Each keeps the `clientId` it was made with: a
 * resend after a lost answer, a reload or a reconnect stores nothing twice.
 *
 * Network trouble and server errors (no answer, 5xx, 429) are tried again with backoff;
 * a refusal (any other 4xx) marks the message failed with its code, for the fan to
 * retry or discard; a lost sign-in (401) waits for the next sign-in.
 */
import type { ErrorCode, MessageDto, MessageUploadDto } from '@fandeck/contract';
import type { ActionError, Outcome } from '../session/outcome.js';

/** A failure as it is kept with a message: what the view needs to say it, nothing of the server's body. */
export interface StoredError {
  status: number;
  code: ErrorCode | null;
  /** The text it was given in the reader's language when it happened. */
  message: string;
}

export interface OutboxEntry {
  clientId: string;
  conversationId: string;
  text: string;
  /** The files uploaded for it (sent as `fileIds`), kept to show them while it waits. */
  files: MessageUploadDto[];
  /** Decimal units; 0: free. */
  price: number;
  createdAt: string;
  /** `queued`: waiting its turn (or a retry); `sending`: on the wire; `failed`: refused, waits for the fan. */
  status: 'queued' | 'sending' | 'failed';
  /** The last try met network or server trouble: it is being tried again. */
  retrying: boolean;
  error: StoredError | null;
}

const STORAGE_PREFIX = 'fandeck.chat.outbox.';

/** The key of one user's outbox. */
export const outboxKey = (userId: string) => `${STORAGE_PREFIX}${userId}`;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage refused (a sandboxed frame, privacy settings): the outbox lives in memory only.
    return null;
  }
}

const isEntry = (value: unknown): value is OutboxEntry => {
  const entry = value as Partial<OutboxEntry> | null;
  return typeof entry === 'object' && entry !== null && typeof entry.clientId === 'string' && typeof entry.conversationId === 'string' && typeof entry.text === 'string';
};

/** The user's outbox as a reload finds it; one that was on the wire is queued again. */
export function loadOutbox(userId: string): OutboxEntry[] {
  try {
    const raw = storage()?.getItem(outboxKey(userId));
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(isEntry).map((entry) => ({
      ...entry,
      files: Array.isArray(entry.files) ? entry.files : [],
      price: typeof entry.price === 'number' ? entry.price : 0,
      status: entry.status === 'failed' ? 'failed' : 'queued',
      retrying: false,
      error: entry.status === 'failed' ? entry.error : null,
    }));
  } catch {
    return [];
  }
}

export function saveOutbox(userId: string, entries: readonly OutboxEntry[]): void {
  try {
    const store = storage();
    if (!store) return;
    if (entries.length === 0) store.removeItem(outboxKey(userId));
    else store.setItem(outboxKey(userId), JSON.stringify(entries));
  } catch {
    // Full or refused: the entries still go out from memory.
  }
}

/** A fresh id for one message the fan wrote (letters, digits and `-`, as the contract allows). */
export function newClientId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `m-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** Worth sending again with the same `clientId`: no answer, a server error, too many requests, a bridge not there yet. */
export function isTransient(error: ActionError): boolean {
  if (error.code === 'bridge.unavailable' || error.code === 'bridge.busy') return true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

/** Default backoff: 1 s, 2 s, 4 s, … up to 30 s between tries. */
export const defaultRetryDelay = (attempt: number) => Math.min(30_000, 1000 * 2 ** Math.max(0, attempt - 1));

export interface SenderDeps {
  /** The entries as they stand. */
  entries(): readonly OutboxEntry[];
  /** Changes one entry (nothing when it is gone). */
  update(clientId: string, patch: Partial<OutboxEntry>): void;
  send(entry: OutboxEntry): Promise<Outcome<MessageDto>>;
  /** The server stored it: the model takes it out of the outbox and shows the stored one. */
  onAck(entry: OutboxEntry, message: MessageDto): void;
  retryDelay(attempt: number): number;
}

export interface Sender {
  /** Sends what is queued now (after a send, a reconnect, a reload, a retry), restarting the backoff. */
  flush(): void;
  /** Stops (sign-out, another user): an answer still on its way is ignored. */
  stop(): void;
}

/** The queue: one message on the wire at a time, oldest first, so the server stores them in the order written. */
export function createSender(deps: SenderDeps): Sender {
  let running = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let generation = 0;

  async function pump(): Promise<void> {
    if (running) return;
    running = true;
    const turn = generation;
    clearTimeout(timer);
    timer = undefined;
    try {
      for (;;) {
        const next = deps.entries().find((entry) => entry.status !== 'failed');
        if (!next) {
          attempt = 0;
          return;
        }
        deps.update(next.clientId, { status: 'sending' });
        const outcome = await deps.send(next);
        if (turn !== generation) return;
        if (outcome.ok) {
          attempt = 0;
          deps.onAck(next, outcome.value);
          continue;
        }
        const error = outcome.error;
        if (error.status === 401) {
          // Signed out meanwhile: it goes with the next sign-in.
          deps.update(next.clientId, { status: 'queued', retrying: true });
          return;
        }
        if (isTransient(error)) {
          attempt += 1;
          deps.update(next.clientId, { status: 'queued', retrying: true });
          timer = setTimeout(() => void pump(), deps.retryDelay(attempt));
          return;
        }
        attempt = 0;
        deps.update(next.clientId, { status: 'failed', retrying: false, error: { status: error.status, code: error.code, message: error.message } });
      }
    } finally {
      if (turn === generation) running = false;
    }
  }

  return {
    flush() {
      attempt = 0;
      void pump();
    },
    stop() {
      generation += 1;
      running = false;
      clearTimeout(timer);
      timer = undefined;
      attempt = 0;
    },
  };
}
