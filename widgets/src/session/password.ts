import type { PublicSettings } from './types.js';

/**
 * The password as it goes on the wire: its MD5 hex digest when the platform's
 * `hashPasswordOnClient` setting is on (contract section 2; login, registration,
 * password change and creator update), else as typed. The server stores whatever
 * arrives with argon2id, so this is compatibility, not protection.
 */
export async function wirePassword(password: string, settings: PublicSettings | null | undefined): Promise<string> {
  if (settings?.hashPasswordOnClient !== true) return password;
  // Fetched only where the setting is on and a password is typed: never on a partner's page.
  const { md5 } = await import('js-md5');
  return md5(password);
}
