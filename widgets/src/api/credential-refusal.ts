import { looksLikeErrorCode } from '@fandeck/contract';

/**
 * Whether a failure refuses the credential itself, so the client signs out (spec sections 2
 * and 8 send "401/403" to the login page). Every 401 does. A 403 does when it names no
 * code or an `auth.*` one (an inactive account, a role or permission the account lacks):
 * then nothing but another sign-in can help. A 403 with any other code is a business
 * refusal of one action (`blocks.blocked`, `content.locked`, `performers.not_verified`,
 * `request.cross_site`), which signing out would not fix and would cost the user their
 * input (issue 21: a creator's paid post refused before approval was lost to a sign-out).
 */
export function isCredentialRefusal(status: number, body: unknown): boolean {
  if (status === 401) return true;
  if (status !== 403) return false;
  const code = typeof body === 'object' && body !== null ? (body as { code?: unknown }).code : undefined;
  return !looksLikeErrorCode(code) || code.startsWith('auth.');
}
