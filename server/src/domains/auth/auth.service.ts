import { eq, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { isUniqueViolation, violatedConstraint } from '../../db/errors.js';
import { users, type Role } from '../../db/schema/index.js';
import { conflict, HttpError, unprocessable } from '../../http/errors.js';
import { renderMail } from '../../mail/templates.js';
import { readSettings } from '../settings/settings.service.js';
import { validatePhoneNumber } from '../reference/phone.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.js';
import { consumeOneTimeToken, createOneTimeToken } from './one-time-tokens.js';
import { accountKey, addressKey, beginLoginAttempt, endLoginAttemptSuccessfully } from './throttle.js';
import { issueToken, revokeAllTokens } from './tokens.js';
import type { FanRegister } from './auth.schemas.js';

type UserRow = typeof users.$inferSelect;

export const INCORRECT_CREDENTIALS = 'Incorrect credentials!';

export function checkPhone(phone: string | undefined, countryCode: string | undefined): string | undefined {
  if (phone === undefined || phone === '') return undefined;
  const result = validatePhoneNumber({ phone, ...(countryCode ? { countryCode } : {}) });
  if (!result.ok) throw new HttpError(400, `body.phone: ${result.message}`);
  return result.e164;
}

export const displayName = (u: { name?: string | undefined; firstName?: string | undefined; lastName?: string | undefined; username?: string | undefined; email: string }) =>
  u.name?.trim() || [u.firstName, u.lastName].filter(Boolean).join(' ').trim() || u.username || u.email.split('@')[0]!;

/** Turns a clash on the users' unique indexes into a 409 that names the field. */
export function rethrowUserConflict(error: unknown): never {
  if (isUniqueViolation(error)) {
    const field = violatedConstraint(error)?.includes('username') ? 'username' : 'email';
    throw conflict(field === 'username' ? 'This username is already taken' : 'This email address is already registered');
  }
  throw error;
}

export async function insertUser(tx: Tx | AppContext['db'], values: typeof users.$inferInsert): Promise<UserRow> {
  try {
    const [row] = await tx.insert(users).values(values).returning();
    return row!;
  } catch (error) {
    return rethrowUserConflict(error);
  }
}

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
    status: requireEmailVerification ? ('pending-email-confirmation' as const) : ('active' as const),
  };
}

export async function registerFan(ctx: AppContext, input: FanRegister) {
  const user = await insertUser(ctx.db, await newAccountValues(ctx, input, 'user'));
  await sendVerificationMail(ctx, user);
  return user;
}

export async function sendVerificationMail(ctx: AppContext, user: UserRow): Promise<void> {
  const token = await createOneTimeToken(ctx.db, user.id, 'email-verification', ctx.now());
  const { siteName } = await readSettings(ctx.db, ['siteName']);
  // The token rides in the fragment, which browsers never send to a server or a referrer.
  const link = `${ctx.config.publicOrigin}/auth/verify-email#token=${token}`;
  await ctx.mailer.send({ to: user.email, ...renderMail('verifyEmail', user.locale, { site: siteName, name: user.name, link }) });
}

export async function resendVerification(ctx: AppContext, email: string): Promise<void> {
  const [user] = await ctx.db.select().from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase())).limit(1);
  if (user && !user.verifiedEmail) await sendVerificationMail(ctx, user);
}

export async function confirmEmail(ctx: AppContext, token: string): Promise<void> {
  const userId = await consumeOneTimeToken(ctx.db, token, 'email-verification', ctx.now());
  if (!userId) throw unprocessable('This verification link is invalid or has expired');
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
export async function login(ctx: AppContext, input: LoginInput) {
  const now = ctx.now();
  const account = accountKey(input.identifier);
  const address = addressKey(input.ip);
  await beginLoginAttempt(ctx.db, [account, address], now);
  const identifier = input.identifier.trim().toLowerCase();
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(or(eq(sql`lower(${users.email})`, identifier), eq(sql`lower(${users.username})`, identifier)))
    .limit(1);
  const valid = user ? await verifyPassword(user.passwordHash, input.password) : await verifyAgainstDummy(input.password);
  if (!user || !valid) throw unprocessable(INCORRECT_CREDENTIALS);
  await endLoginAttemptSuccessfully(ctx.db, account, address);
  if (user.status === 'inactive') throw new HttpError(403, 'This account is inactive');
  if (user.status === 'pending-email-confirmation') {
    const { requireEmailVerification } = await readSettings(ctx.db, ['requireEmailVerification']);
    if (requireEmailVerification) throw unprocessable('Please verify your email address before signing in');
  }
  const issued = await issueToken(ctx.db, user.id, input.remember, now);
  return { ...issued, user };
}

/** A new password ends every session; the caller gets a fresh token to stay signed in. */
export async function changePassword(ctx: AppContext, userId: string, password: string, remember: boolean) {
  const passwordHash = await hashPassword(password);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await revokeAllTokens(tx, userId, now);
    return issueToken(tx, userId, remember, now);
  });
}

export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const [user] = await ctx.db.select().from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase())).limit(1);
  if (!user || user.status === 'inactive') return;
  const token = await createOneTimeToken(ctx.db, user.id, 'password-reset', ctx.now());
  const { siteName } = await readSettings(ctx.db, ['siteName']);
  const link = `${ctx.config.publicOrigin}/auth/reset-password#token=${token}`;
  await ctx.mailer.send({ to: user.email, ...renderMail('resetPassword', user.locale, { site: siteName, name: user.name, link }) });
}

export async function resetPassword(ctx: AppContext, token: string, password: string): Promise<void> {
  const now = ctx.now();
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    const userId = await consumeOneTimeToken(tx, token, 'password-reset', now);
    if (!userId) throw unprocessable('This reset link is invalid or has expired');
    // Receiving the mail proves the address too.
    await tx.update(users).set({ passwordHash, verifiedEmail: true }).where(eq(users.id, userId));
    await revokeAllTokens(tx, userId, now);
  });
}
