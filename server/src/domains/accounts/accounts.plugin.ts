/**
 * The accounts base: the account primitives sign-in (auth), profiles (users) and creators
 * (performers) all build on. It has no routes; it hands its lookups and the owner's view
 * of an account to the domains that declare `dependsOn: ['accounts']`. Nothing here knows
 * about those domains, so the dependency runs one way: accounts <- auth <- users, performers.
 */
import { defineDomain } from '../plugin.js';
import type { UserDto } from './accounts.presenter.js';
import { findUserByEmail, findUserById, findUserByLogin, presentAccount, type Account } from './accounts.service.js';

export interface AccountsExtension {
  /** The account with this id; a 404 `users.not_found` when there is none. */
  findById(id: string): Promise<Account>;
  findByEmail(email: string): Promise<Account | undefined>;
  /** By email or username, either case, as a sign-in form takes it. */
  findByLogin(identifier: string): Promise<Account | undefined>;
  /** The account as its owner sees it (`/users/me`), balance included. */
  present(account: Account): Promise<UserDto>;
}

declare module '../plugin.js' {
  interface DomainExtensions {
    accounts: AccountsExtension;
  }
}

export default defineDomain({
  name: 'accounts',
  register(_api, ctx): AccountsExtension {
    return {
      findById: (id) => findUserById(ctx.db, id),
      findByEmail: (email) => findUserByEmail(ctx.db, email),
      findByLogin: (identifier) => findUserByLogin(ctx.db, identifier),
      present: (account) => presentAccount(ctx, account),
    };
  },
});
