/**
 * Verified sessions remembered on the embedded database (issue 23): every signed-in request
 * looks its token up (about 1 ms of CPU on PGlite, a tenth of a tip), and the answer changes
 * only when a token is revoked or removed, or its owner's role, status or permissions change.
 *
 * The database says when that happens: migration 0026's statement triggers on `auth_tokens`,
 * `users` (role, status) and `user_permissions` send `NOTIFY fandeck_auth` on a session that
 * turned `fandeck.auth_watch` on, which only this cache does. PGlite is one session in this
 * one process (its data folder is locked), so it hears every change: it forgets every entry
 * in the microtask the change's own statement is answered in, before the sign-out (or the
 * suspension) that caused it answers. A lookup that raced a change is not kept (`generation`).
 * On PostgreSQL, where other processes write too, nothing is cached and nothing is sent.
 */
import type { Db } from '../../db/client.js';
import { pgliteClientOf } from '../../db/client.js';

/** The channel migration 0026's triggers notify. */
export const AUTH_CHANNEL = 'fandeck_auth';
/** Beyond this many sessions the cache starts again empty (a bound, not an eviction policy). */
const MAX_ENTRIES = 10_000;

export interface TokenCache<T> {
  /** The remembered answer for a token hash, while the token has not expired. */
  get(tokenHash: string, now: Date): T | undefined;
  /** Read before the lookup, handed back to `set`: a change between the two is not missed. */
  generation(): number;
  set(tokenHash: string, value: T, expiresAt: Date, generation: number): void;
}

interface Entry<T> {
  value: T;
  expiresAt: number;
}

function createCache<T>(): TokenCache<T> & { forget(): void } {
  const entries = new Map<string, Entry<T>>();
  let generation = 0;
  return {
    get(tokenHash, now) {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (entry.expiresAt > now.getTime()) return entry.value;
      entries.delete(tokenHash);
      return undefined;
    },
    generation: () => generation,
    set(tokenHash, value, expiresAt, seen) {
      if (seen !== generation) return;
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(tokenHash, { value, expiresAt: expiresAt.getTime() });
    },
    forget() {
      generation += 1;
      entries.clear();
    },
  };
}

const caches = new WeakMap<Db, Promise<TokenCache<unknown> | null>>();

async function watch(db: Db): Promise<TokenCache<unknown> | null> {
  const client = pgliteClientOf(db);
  if (!client) return null;
  // A database not migrated to 0026 has no triggers: it would never say, so nothing is kept.
  const { rows } = await client.query<{ ready: boolean }>(`select to_regproc('fandeck_auth_changed') is not null as ready`);
  if (!rows[0]?.ready) return null;
  const cache = createCache<unknown>();
  await client.listen(AUTH_CHANNEL, () => cache.forget());
  await client.query(`select set_config('fandeck.auth_watch', 'on', false)`);
  return cache;
}

/** The cache of `db`'s sessions; null on PostgreSQL (or a database without migration 0026). */
export function tokenCacheOf<T>(db: Db): Promise<TokenCache<T> | null> {
  let found = caches.get(db);
  if (!found) {
    found = watch(db).catch(() => null);
    caches.set(db, found);
  }
  return found as Promise<TokenCache<T> | null>;
}
