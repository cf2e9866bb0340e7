import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { users, type Role } from '../accounts/accounts.tables.js';
import { newId } from '../../db/schema/ids.js';
import { HttpError, unprocessable } from '../../http/errors.js';
import { renderMail } from '../../mail/templates.js';
import { type Account, type AccountsExtension, checkPhone, displayName, hashPassword, insertUser, isInactive, signInRefusal, verifyAgainstDummy, verifyPassword } from '../accounts/index.js';

/** The lookups sign-in makes, through the accounts extension point (`deps.get('accounts')`). */
export type AccountLookups = Pick<AccountsExtension, 'findByEmail' | 'findByLogin'>;
import { referrerOfCode } from '../earnings/index.js';
import { readSettings } from '../settings/index.js';
import { consumeOneTimeToken, createOneTimeToken } from './one-time-tokens.js';
import { beginLoginAttempt, endLoginAttemptSuccessfully, loginLimits } from './throttle.js';
import { issueToken, revokeAllTokens } from './tokens.js';
import type { FanRegister } from './auth.schemas.js';

export const INCORRECT_CREDENTIALS = 'Incorrect credentials!';

export async function newAccountValues(ctx: AppContext, input: FanRegister, role: Role) {
  const { requireEmailVerification } = await readSettings(ctx.db, ['requireEmailVerification']);
  return {
    role,
    email: input.email,
    username: input.username ?? null,
    name: displayName(input),
    firstName: input.firstName ?? '',
    lastName: input.lastName ?? '',
    gender: input.gender ?? null,
    phone: checkPhone(input.phone, input.countryCode) ?? null,
    countryCode: input.countryCode ?? null,
    passwordHash: await hashPassword(input.password),
    referredBy: await referrerOfCode(ctx.db, input.referralCode || input.ref),
    status: requireEmailVerification ? ('pending-email-confirmation' as const) : ('active' as const),
  };
}

export async function registerFan(ctx: AppContext, input: FanRegister) {
  const user = await insertUser(ctx.db, await newAccountValues(ctx, input, 'user'));
  await sendVerificationMail(ctx, user);
  return user;
}

/**
 * Runs a registration, but answers an email that already has an account like a new one:
 * a 409 would tell anyone which addresses are registered. The owner gets a mail saying
 * so instead. (With email verification off, the stranger can still learn it by signing
 * in with the password they chose, which fails.)
 */
export async function registerWithoutRevealingEmail(
  ctx: AppContext,
  accounts: AccountLookups,
  email: string,
  register: () => Promise<{ id: string; status: string }>,
): Promise<{ id: string; status: string }> {
  try {
    return await register();
  } catch (error) {
    if (!(error instanceof HttpError) || error.code !== 'auth.email_taken') throw error;
    const owner = await accounts.findByEmail(email);
    const { requireEmailVerification, siteName } = await readSettings(ctx.db, ['requireEmailVerification', 'siteName']);
    if (owner) {
      const link = `${ctx.config.publicOrigin}/auth/login`;
      await ctx.mailer.send({ to: owner.email, ...renderMail('accountExists', owner.locale, { site: siteName, name: owner.name, link }) });
    }
    return { id: newId(), status: requireEmailVerification ? 'pending-email-confirmation' : 'active' };
  }
}

export async function sendVerificationMail(ctx: AppContext, user: Account): Promise<void> {
  const token = await createOneTimeToken(ctx.db, user.id, 'email-verification', ctx.now());
  const { siteName } = await readSettings(ctx.db, ['siteName']);
  // The token rides in the fragment, which browsers never send to a server or a referrer.
  const link = `${ctx.config.publicOrigin}/auth/verify-email#token=${token}`;
  await ctx.mailer.send({ to: user.email, ...renderMail('verifyEmail', user.locale, { site: siteName, name: user.name, link }) });
}

export async function resendVerification(ctx: AppContext, accounts: AccountLookups, email: string): Promise<void> {
  const user = await accounts.findByEmail(email);
  if (user && !user.verifiedEmail) await sendVerificationMail(ctx, user);
}

export async function confirmEmail(ctx: AppContext, token: string): Promise<void> {
  const userId = await consumeOneTimeToken(ctx.db, token, 'email-verification', ctx.now());
  if (!userId) throw unprocessable('auth.verification_link_invalid', 'This verification link is invalid or has expired');
  await ctx.db
    .update(users)
    .set({
      verifiedEmail: true,
      status: sql`case when ${users.status} = 'pending-email-confirmation' then 'active' else ${users.status} end`,
    })
    .where(eq(users.id, userId));
}

export interface LoginInput {
  identifier: string;
  password: string;
  remember: boolean;
  ip: string;
}

/** Unknown account and wrong password give the same answer, in about the same time. */
export async function login(ctx: AppContext, accounts: AccountLookups, input: LoginInput) {
  const now = ctx.now();
  const user = await accounts.findByLogin(input.identifier);
  // One counter per account whichever form names it (email or username); an unknown name counts as itself.
  const limits = loginLimits(user ? `user:${user.id}` : `name:${input.identifier.trim().toLowerCase()}`, input.ip);
  await beginLoginAttempt(ctx.db, limits, now);
  const valid = user ? await verifyPassword(user.passwordHash, input.password) : await verifyAgainstDummy(input.password);
  if (!user || !valid) throw unprocessable('auth.incorrect_credentials', INCORRECT_CREDENTIALS);
  await endLoginAttemptSuccessfully(ctx.db, limits);
  const { requireEmailVerification } = await readSettings(ctx.db, ['requireEmailVerification']);
  const refusal = signInRefusal(user, requireEmailVerification);
  if (refusal) throw refusal;
  const issued = await issueToken(ctx.db, user.id, input.remember, now);
  return { ...issued, user };
}

/** A new password ends every session; the caller gets a fresh token to stay signed in. */
export async function changePassword(ctx: AppContext, userId: string, currentPassword: string, password: string, remember: boolean) {
  // A token alone (a borrowed device, a stolen cookie) must not be enough to take the account.
  const [user] = await ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!user || !(await verifyPassword(user.passwordHash, currentPassword))) {
    throw unprocessable('auth.current_password_incorrect', 'The current password is not correct');
  }
  const passwordHash = await hashPassword(password);
  const now = ctx.now();
  const session = await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await revokeAllTokens(tx, userId, now);
    return issueToken(tx, userId, remember, now);
  });
  // Every live connection of the old sessions ends now; this client reconnects with the new token.
  ctx.realtime.disconnectUser(userId);
  return session;
}

export async function requestPasswordReset(ctx: AppContext, accounts: AccountLookups, email: string): Promise<void> {
  const user = await accounts.findByEmail(email);
  if (!user || isInactive(user)) return;
  const token = await createOneTimeToken(ctx.db, user.id, 'password-reset', ctx.now());
  const { siteName } = await readSettings(ctx.db, ['siteName']);
  const link = `${ctx.config.publicOrigin}/auth/reset-password#token=${token}`;
  await ctx.mailer.send({ to: user.email, ...renderMail('resetPassword', user.locale, { site: siteName, name: user.name, link }) });
}

export async function resetPassword(ctx: AppContext, token: string, password: string): Promise<void> {
  const now = ctx.now();
  const passwordHash = await hashPassword(password);
  const userId = await ctx.db.transaction(async (tx) => {
    const owner = await consumeOneTimeToken(tx, token, 'password-reset', now);
    if (!owner) throw unprocessable('auth.reset_link_invalid', 'This reset link is invalid or has expired');
    // Receiving the mail proves the address too.
    await tx.update(users).set({ passwordHash, verifiedEmail: true }).where(eq(users.id, owner));
    await revokeAllTokens(tx, owner, now);
    return owner;
  });
  ctx.realtime.disconnectUser(userId);
}
