import { randomBytes } from 'node:crypto';

/**
 * Ids are 24 hex characters (4-byte time prefix, 8 random bytes), the shape existing
 * clients read as `_id`. A 24-hex string is never a valid username, so routes that take
 * "username or id" can tell them apart.
 */
export function newId(): string {
  const time = Math.floor(Date.now() / 1000).toString(16).padStart(8, '0');
  return time + randomBytes(8).toString('hex');
}

export const ID_PATTERN = /^[0-9a-f]{24}$/;
export const isId = (value: string): boolean => ID_PATTERN.test(value);
