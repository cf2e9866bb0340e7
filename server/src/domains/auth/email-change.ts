/**
 * Moving an account to a new email address. The address the owner asks for waits in
 * `users.pending_email`; the account keeps signing in and receiving mail at the old one
 * until the link mailed to the new address is opened (the same /auth/verify-email page
 * as a registration's link). A new request replaces the waiting one and voids its link.
 *
 * An address that already belongs to another account gets the same answer as a free
 * one, as at registration: the answer must not tell a stranger which addresses have
 * accounts. No link is mailed to it, so the change can never complete.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../accounts/accounts.tables.js';
import { conflict, unprocessable } from '../../http/errors.js';
import { renderMail } from '../../mail/templates.js';
import { rethrowUserConflict, verifyPassword } from '../accounts/index.js';
import { readSettings } from '../settings/index.js';
import { consumeOneTimeToken, createOneTimeToken } from './one-time-tokens.js';

export async function requestEmailChange(ctx: AppContext, userId: string, email: string, currentPassword: string): Promise<{ pendingEmail: string }> {
  const [user] = await ctx.db
    .select({ email: users.email, name: users.name, locale: users.locale, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  // A token alone (a borrowed device, a stolen cookie) must not be enough to move the account away.
  if (!user || !(await verifyPassword(user.passwordHash, currentPassword))) {
    throw unprocessable('auth.current_password_incorrect', 'The current password is not correct');
  }
  if (email === user.email.toLowerCase()) throw unprocessable('auth.email_unchanged', 'This is already the account’s email address');
  await ctx.db.update(users).set({ pendingEmail: email }).where(eq(users.id, userId));
  const token = await createOneTimeToken(ctx.db, userId, 'email-change', ctx.now());
  if (await addressTaken(ctx.db, email, userId)) return { pendingEmail: email };
  const { siteName } = await readSettings(ctx.db, ['siteName']);
  // The token rides in the fragment, which browsers never send to a server or a referrer.
  const link = `${ctx.config.publicOrigin}/auth/verify-email#token=${token}`;
  await ctx.mailer.send({ to: email, ...renderMail('changeEmail', user.locale, { site: siteName, name: user.name, link }) });
  return { pendingEmail: email };
}

/**
 * Opens an email-change link: true when the token was one (the account now uses the new
 * address). The old address is told, so an owner who did not ask learns of it there.
 */
export async function confirmEmailChange(ctx: AppContext, token: string): Promise<boolean> {
  const changed = await ctx.db.transaction(async (tx) => {
    const userId = await consumeOneTimeToken(tx, token, 'email-change', ctx.now());
    if (!userId) return null;
    const [row] = await tx
      .select({ email: users.email, name: users.name, locale: users.locale, pendingEmail: users.pendingEmail })
      .from(users)
      .where(eq(users.id, userId));
    if (!row?.pendingEmail) return null;
    // Taken meanwhile (registered after the request): the owner of that address keeps it.
    if (await addressTaken(tx, row.pendingEmail, userId)) throw conflict('auth.email_taken', 'This email address is already registered');
    try {
      await tx
        .update(users)
        .set({
          email: row.pendingEmail,
          pendingEmail: null,
          verifiedEmail: true,
          status: sql`case when ${users.status} = 'pending-email-confirmation' then 'active' else ${users.status} end`,
        })
        .where(eq(users.id, userId));
    } catch (error) {
      return rethrowUserConflict(error);
    }
    return row;
  });
  if (!changed) return false;
  const { siteName } = await readSettings(ctx.db, ['siteName']);
  const link = `${ctx.config.publicOrigin}/auth/login`;
  await ctx.mailer.send({ to: changed.email, ...renderMail('emailChanged', changed.locale, { site: siteName, name: changed.name, link }) });
  return true;
}

async function addressTaken(db: DbOrTx, email: string, userId: string): Promise<boolean> {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, ne(users.id, userId)))
    .limit(1);
  return other !== undefined;
}
