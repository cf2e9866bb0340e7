import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { LIMITS, paths } from '@fandeck/contract';
import type { AppContext } from '../../context.js';
import { envelopeSchema, ok, okFor } from '../../http/envelope.js';
import { currentUser } from '../../http/guard.js';
import { emailSchema, passwordSchema, userSchema } from '../accounts/index.js';
import { defineDomain, type DomainDeps } from '../plugin.js';
import type { ApiScope } from '../types.js';
import {
  changePassword,
  confirmEmail,
  login,
  registerFan,
  registerWithoutRevealingEmail,
  requestPasswordReset,
  resendVerification,
  resetPassword,
} from './auth.service.js';
import { fanRegisterSchema, loginBodySchema } from './auth.schemas.js';
import { confirmEmailChange, requestEmailChange } from './email-change.js';
import { assertOwnPageWhenByCookie } from './own-pages.js';
import { registered, registrationAnswer } from './registration-answer.js';
import { countResetRequest, resetRequestLimits } from './throttle.js';
import { revokeToken, tokenLifetimeMs, tokenRemembered } from './tokens.js';
import { resolveSocketToken } from './auth.guard.js';
import type { AuthExtension } from './auth.extension.js';

const tokenAnswer = envelopeSchema(z.object({ token: z.string(), expiresAt: z.string() }));
const messageAnswer = envelopeSchema(z.object({ message: z.string() }));

async function authRoutes(api: ApiScope, ctx: AppContext, deps: DomainDeps) {
  const accounts = deps.get('accounts');
  const setTokenCookie = (reply: FastifyReply, token: string, remember: boolean) =>
    reply.setCookie('token', token, {
      path: '/',
      sameSite: 'lax',
      secure: ctx.config.publicOrigin.startsWith('https:'),
      maxAge: Math.floor(tokenLifetimeMs(remember) / 1000),
    });

  api.post(
    paths['auth.login'],
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in a fan or creator with email or username',
        description: 'Five failures for one account or one address answer 429 with Retry-After.',
        body: loginBodySchema,
        response: { 200: tokenAnswer },
      },
    },
    async (request, reply) => {
      const { username, email, password, remember = false } = request.body;
      const session = await login(ctx, accounts, { identifier: (username ?? email)!, password, remember, ip: request.ip });
      setTokenCookie(reply, session.token, remember);
      return ok({ token: session.token, expiresAt: session.expiresAt.toISOString() });
    },
  );

  api.post(
    paths['auth.logout'],
    {
      schema: {
        tags: ['auth'],
        summary: 'End this session',
        description:
          'Send the token in the Authorization header, as the platform\'s clients do. Signed in by the cookie alone, ' +
          'only a request from the platform\'s own pages is taken (Sec-Fetch-Site same-origin, or else its Origin); ' +
          'another page of the same site gets 403 `request.cross_site`.',
        response: { 200: messageAnswer },
      },
      // After the sign-in check and before any body is read, so a form's body type changes nothing.
      onRequest: async (request) => assertOwnPageWhenByCookie(request, ctx.config.publicOrigin),
    },
    async (request, reply) => {
      await revokeToken(ctx.db, request.auth!.tokenId, ctx.now());
      // Its live connections end now, not at their next reconnect.
      ctx.realtime.disconnectToken(request.auth!.tokenId);
      reply.clearCookie('token', { path: '/' });
      return ok({ message: 'Signed out' });
    },
  );

  api.get(
    paths['auth.me'],
    { schema: { tags: ['auth'], summary: 'The signed-in account', response: { 200: envelopeSchema(userSchema) } } },
    async (request) => okFor('auth.me', await accounts.present(await accounts.findById(currentUser(request).id))),
  );

  api.post(
    paths['auth.registerFan'],
    { schema: { tags: ['auth'], summary: 'Register a fan account', body: fanRegisterSchema, response: { 200: registered } } },
    async (request) => {
      const user = await registerWithoutRevealingEmail(ctx, accounts, request.body.email, () => registerFan(ctx, request.body));
      return okFor('auth.registerFan', registrationAnswer(user));
    },
  );

  api.put(
    paths['auth.changePassword'],
    {
      schema: {
        tags: ['auth'],
        summary: 'Change the password; every session ends and a fresh token is returned',
        description: 'Needs the current password too (hashed like `password` when `hashPasswordOnClient` is on); a wrong one is a 422.',
        body: z.object({
          currentPassword: z.string().min(1).max(512),
          password: passwordSchema,
          source: z.enum(['user', 'performer']).optional(),
          remember: z.boolean().optional(),
        }),
        response: { 200: tokenAnswer },
      },
    },
    async (request, reply) => {
      // This device stays signed in as long as it was meant to: "remember me" carries over unless the client says.
      const remember = request.body.remember ?? (await tokenRemembered(ctx.db, request.auth!.tokenId));
      const session = await changePassword(ctx, currentUser(request).id, request.body.currentPassword, request.body.password, remember);
      setTokenCookie(reply, session.token, remember);
      return okFor('auth.changePassword', { token: session.token, expiresAt: session.expiresAt.toISOString() });
    },
  );

  api.put(
    paths['auth.changeEmail'],
    {
      schema: {
        tags: ['auth'],
        summary: 'Ask to move the account to a new email address',
        description:
          'Needs the current password (hashed like a sign-in\'s when `hashPasswordOnClient` is on). A link goes to the new address; ' +
          'the account keeps its current email until that link is opened (POST /auth/email-verification/confirm). ' +
          'An address another account holds gets the same answer, and no link.',
        body: z.object({ email: emailSchema, currentPassword: z.string().min(1).max(512) }),
        response: { 200: envelopeSchema(z.object({ message: z.string(), pendingEmail: z.string() })) },
      },
    },
    async (request) => {
      const { pendingEmail } = await requestEmailChange(ctx, currentUser(request).id, request.body.email, request.body.currentPassword);
      return ok({ message: 'A confirmation link is on its way to the new address', pendingEmail });
    },
  );

  api.post(
    paths['auth.forgot'],
    {
      schema: { tags: ['auth'], summary: 'Mail a password-reset link', body: z.object({ email: emailSchema }), response: { 200: messageAnswer } },
    },
    async (request) => {
      await countResetRequest(ctx.db, resetRequestLimits(request.body.email, request.ip), ctx.now());
      // Answered before anything depends on whether the address has an account, so the
      // answer and its timing are the same either way; the lookup and the mail follow.
      void requestPasswordReset(ctx, accounts, request.body.email).catch((error: unknown) => request.log.error({ err: error }, 'sending a reset link failed'));
      return ok({ message: 'If this address has an account, a reset link is on its way' });
    },
  );

  api.post(
    paths['auth.resetPassword'],
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the token from the reset mail',
        body: z.object({ token: z.string().min(1).max(LIMITS.account.emailTokenMax), password: passwordSchema }),
        response: { 200: messageAnswer },
      },
    },
    async (request) => {
      await resetPassword(ctx, request.body.token, request.body.password);
      return ok({ message: 'Changes saved' });
    },
  );

  api.post(
    paths['auth.verifyEmail'],
    {
      schema: { tags: ['auth'], summary: 'Send the verification mail again', body: z.object({ email: emailSchema }), response: { 200: messageAnswer } },
    },
    async (request) => {
      await resendVerification(ctx, accounts, request.body.email);
      return okFor('auth.verifyEmail', { message: 'If this address needs verifying, a link is on its way' });
    },
  );

  api.post(
    paths['auth.confirmEmail'],
    {
      schema: { tags: ['auth'], summary: 'Confirm an email address', body: z.object({ token: z.string().min(1).max(LIMITS.account.emailTokenMax) }), response: { 200: messageAnswer } },
    },
    async (request) => {
      // A registration's link, or else a change of address's: both land on the same page.
      if (!(await confirmEmailChange(ctx, request.body.token))) await confirmEmail(ctx, request.body.token);
      return ok({ message: 'Email verified' });
    },
  );
}

export default defineDomain({
  name: 'auth',
  dependsOn: ['accounts', 'settings'],
  async register(api, ctx, deps): Promise<AuthExtension> {
    await authRoutes(api, ctx, deps);
    return { resolveSocketToken: (token) => resolveSocketToken(ctx, token) };
  },
});
