/**
 * Compile-time test (run by `tsc`, never by vitest): a handler's answer built with `okFor`
 * must have what the contract says the route answers, the type the clients read, so a
 * presenter that drops or renames a field fails the server's typecheck.
 */
import type { CurrentUser } from '@fandeck/contract';
import { listFor, okFor } from './envelope.js';

export function answersAreChecked(user: CurrentUser): void {
  // The contract's shape, or a wider one (the server may send more than clients read).
  okFor('users.me', user);
  okFor('users.me', { ...user, internalNote: 'kept by the server schema' });
  listFor('search.keywords', [{ keyword: 'ana', total: 3 }], 1);

  // @ts-expect-error a presenter that renamed `balance`
  okFor('users.me', { ...user, balance: undefined, walletBalance: 3 });
  // @ts-expect-error `balance` is a number on the wire
  okFor('users.me', { ...user, balance: '3.00' });
  // @ts-expect-error a keyword's count is `total`
  listFor('search.keywords', [{ keyword: 'ana', count: 3 }], 1);
}
