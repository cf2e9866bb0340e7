import { md5 } from 'js-md5';
import type { PublicSettings } from './types.js';

/**
 * The password as it goes on the wire: its MD5 hex digest when the platform's
 * `hashPasswordOnClient` setting is on (contract section 2; login, registration,
 * password change and creator update), else as typed. The server stores whatever
 * arrives with argon2id, so this is compatibility, not protection.
 */
export function wirePassword(password: string, settings: PublicSettings | null | undefined): string {
  return settings?.hashPasswordOnClient === true ? md5(password) : password;
}
