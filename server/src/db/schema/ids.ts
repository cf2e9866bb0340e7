import { randomBytes, randomFillSync } from 'node:crypto';

/**
 * Ids are 24 hex characters (4-byte time prefix, 8 random bytes), the shape existing
 * clients read as `_id`. A 24-hex string is never a valid username, so routes that take
 * "username or id" can tell them apart.
 */
export function newId(): string {
  const time = Math.floor(Date.now() / 1000).toString(16).padStart(8, '0');
  return time + randomHex(8);
}

// The system's random bytes, drawn 4 KiB at a time (as crypto.randomUUID draws its own): one
// call to the generator per 512 ids instead of one per id, each byte used once. A call costs
// about as much as 50 ids taken from the pool.
const pool = Buffer.alloc(4096);
let used = pool.length;

/** `bytes` random bytes as hex, from the pool. */
export function randomHex(bytes: number): string {
  if (bytes > pool.length) return randomBytes(bytes).toString('hex');
  if (used + bytes > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  used += bytes;
  return pool.toString('hex', used - bytes, used);
}

export const ID_PATTERN = /^[0-9a-f]{24}$/;
export const isId = (value: string): boolean => ID_PATTERN.test(value);
