/**
 * Which server process owns each private-call room, when several processes share Redis. The
 * first process to get an offer for a stream claims it (`SET NX` with a TTL); the claim is
 * kept alive while the room is open there and released when it closes. A claim whose process
 * died expires on its own, or is evicted sooner by a process its owner no longer answers.
 */
import { randomUUID } from 'node:crypto';

/** Claims outlive a missed refresh or two; a dead owner's claim is gone after this at most. */
export const CLAIM_TTL_MS = 15_000;
const REFRESH_EVERY_MS = 5_000;
const keyOf = (streamId: string) => `fandeck:sfu:room:${streamId}`;

// Takes the room when free (SET NX PX); keeps it when ours (PEXPIRE); answers the owner either way.
const CLAIM = `
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return ARGV[1] end
local owner = redis.call('GET', KEYS[1])
if owner == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return owner`;
// Deletes the claim only if `owner` still holds it (never another process's newer claim).
const DROP_IF = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;
const REFRESH_IF = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`;

interface RedisLike {
  connect(): Promise<unknown>;
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  get(key: string): Promise<string | null>;
  quit(): Promise<unknown>;
  on(event: 'error', listener: (error: unknown) => void): unknown;
}

export interface RoomOwners {
  /** This process's id in the claims (the target of forwarded signaling). */
  readonly processId: string;
  /** Claims the room for this process unless another holds it; the owner's id either way. */
  claim(streamId: string): Promise<string>;
  /** The process holding the room's claim, or null. */
  ownerOf(streamId: string): Promise<string | null>;
  /** Drops `owner`'s claim if it still holds it (it no longer answers). */
  evict(streamId: string, owner: string): Promise<void>;
  /** Releases this process's claim (its room closed). */
  release(streamId: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Claims in the Redis at `url`. `isOpen(streamId)` says whether this process still serves the
 * room (a participant, or an offer in flight): open rooms' claims are refreshed, the others
 * released, every `REFRESH_EVERY_MS`. `onLost` is told when an open room's claim turns out
 * to be another process's (this one was taken for dead): its room here must close.
 */
export function redisRoomOwners(url: string, isOpen: (streamId: string) => boolean, onLost: (streamId: string) => void): RoomOwners {
  const processId = randomUUID();
  const mine = new Set<string>();
  let client: Promise<RedisLike> | null = null;
  let closed = false;
  const redis = (): Promise<RedisLike> => {
    if (closed) return Promise.reject(new Error('The room claims are closed'));
    client ??= import('redis').then(async ({ createClient }) => {
      const c = createClient({ url }) as unknown as RedisLike;
      // A lost connection reconnects; commands meanwhile fail and the offer is refused.
      c.on('error', () => undefined);
      await c.connect();
      return c;
    });
    // A first connection that failed is tried again on the next use.
    client.catch(() => (client = null));
    return client;
  };
  const run = async (script: string, streamId: string, ...args: string[]) =>
    (await redis()).eval(script, { keys: [keyOf(streamId)], arguments: args });

  const refresher = setInterval(() => {
    for (const streamId of [...mine]) {
      if (!isOpen(streamId)) void owners.release(streamId).catch(() => undefined);
      else
        void run(REFRESH_IF, streamId, processId, String(CLAIM_TTL_MS))
          .then((kept) => {
            // Another process holds it now (ours expired): this room is no longer ours to keep.
            if (kept === 0 && mine.delete(streamId)) onLost(streamId);
          })
          .catch(() => undefined);
    }
  }, REFRESH_EVERY_MS);
  refresher.unref();

  const owners: RoomOwners = {
    processId,
    async claim(streamId) {
      const owner = String(await run(CLAIM, streamId, processId, String(CLAIM_TTL_MS)));
      if (owner === processId) mine.add(streamId);
      return owner;
    },
    ownerOf: async (streamId) => (await redis()).get(keyOf(streamId)),
    async evict(streamId, owner) {
      await run(DROP_IF, streamId, owner);
    },
    async release(streamId) {
      if (!mine.delete(streamId)) return;
      await run(DROP_IF, streamId, processId);
    },
    async close() {
      clearInterval(refresher);
      if (!client) {
        closed = true;
        return;
      }
      const c = await client.catch(() => null);
      await Promise.all([...mine].map((streamId) => owners.release(streamId).catch(() => undefined)));
      closed = true;
      await c?.quit().catch(() => undefined);
      client = null;
    },
  };
  return owners;
}
