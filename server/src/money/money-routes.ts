import { fillTemplate, IDEMPOTENCY_HEADER, isPathValue, QUOTE_HEADER, type PayQuote } from '@fandeck/contract';
import { payQuoteSchema } from '@fandeck/contract/schemas';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import type { Db, DbOrTx, Tx } from '../db/client.js';
import { users } from '../domains/accounts/accounts.tables.js';
import type { ApiScope } from '../domains/types.js';
import { envelopeSchema, ok } from '../http/envelope.js';
import { badRequest, conflict, unprocessable } from '../http/errors.js';
import { currentUser } from '../http/guard.js';
import { idempotencyKeySchema, keyClaimOf, runIdempotent, runIdempotentUnbound, sendAnswer, type IdempotentAnswer, type IdempotentRequest } from './idempotency.js';
import { fromCents } from './amounts.js';
import type { ActionCall, MoneyActionDefinition, MoneyCall, PriceCheck, Priced } from './money-action.js';
import { quoteSecret } from './quote-secret.js';
import { newId } from '../db/schema/ids.js';
import { bodyHash, QUOTE_MAX_LENGTH, QUOTE_TTL_MS, readQuote, signQuote, type QuoteClaims } from './quote-token.js';
import { spendQuote } from './used-quotes.js';

/** The platform's one currency; every amount in the API is in its units. */
export const CURRENCY = 'BRL';

export const QUOTE_INVALID = 'This quote is not valid for you any more; ask for a new one';
export const QUOTE_MISMATCH = 'This quote was made for a different request';
export const PRICE_CHANGED = 'The price changed since the quote; nothing was charged. Ask for a new quote';

/** Each `:name` of the path as a string a canonical path can carry (anything else is a 400, not a miss). */
function paramsSchema(template: string) {
  const names = template.split('/').filter((part) => part.startsWith(':')).map((part) => part.slice(1));
  const value = z.string().min(1).max(200).refine(isPathValue, 'must not hold separators, percent signs or dot segments');
  return z.object(Object.fromEntries(names.map((name) => [name, value])));
}

// An empty key is no key (api-contract section 7: optional values arrive as "").
const actionHeaders = z.looseObject({
  [IDEMPOTENCY_HEADER]: z.union([z.literal(''), idempotencyKeySchema]).optional(),
  [QUOTE_HEADER]: z.string().min(1).max(QUOTE_MAX_LENGTH).optional(),
});

function callOf<B>(ctx: AppContext, request: FastifyRequest, template: string): MoneyCall<B> {
  const params = (request.params ?? {}) as Record<string, string>;
  const path = fillTemplate(template, params);
  // The params schema already refused what fillTemplate refuses; this is the belt to those braces.
  if (path === null) throw badRequest('request.invalid', 'The path parameters cannot name an item', ['params']);
  return { ctx, user: currentUser(request), params, body: request.body as B, path };
}

/**
 * Who spends a quote when the request has no Idempotency-Key: a value no key can equal
 * (keys are visible ASCII, without spaces), fresh per request, so the quote pays once and
 * any later request with it, keyless or keyed, is a 409 `payment.quote_used`.
 */
const keylessSpender = () => `no key ${newId()}`;

/** Runs `read` in a transaction that never commits: a quote must not change anything. */
class RolledBack<T> {
  constructor(readonly value: T) {}
}
async function withoutCommit<T>(db: Db, read: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    await db.transaction(async (tx) => {
      throw new RolledBack(await read(tx));
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.value as T;
    throw error;
  }
  throw new Error('unreachable: the quote transaction committed');
}

async function recipientOf(tx: Tx, userId: string | null): Promise<PayQuote['recipient']> {
  if (!userId) return null;
  const [row] = await tx.select({ id: users.id, name: users.name, username: users.username }).from(users).where(eq(users.id, userId));
  if (!row) return null;
  return { _id: row.id, name: row.name || row.username || '', username: row.username };
}

/** The claims of the quote the client sent back, checked against this exact call. */
function verifiedQuote(key: Buffer, token: string, expected: Omit<QuoteClaims, 'id' | 'priceCents' | 'creditCents' | 'expiresAt'>, now: Date): QuoteClaims {
  const claims = readQuote(key, token);
  if (!claims || claims.userId !== expected.userId || claims.expiresAt <= now.getTime()) {
    throw unprocessable('payment.quote_invalid', QUOTE_INVALID);
  }
  if (claims.action !== expected.action || claims.path !== expected.path || claims.bodyHash !== expected.bodyHash) {
    throw unprocessable('payment.quote_mismatch', QUOTE_MISMATCH);
  }
  return claims;
}

/** The price check an action calls; remembers that it was called. */
function priceCheck(quoted: QuoteClaims | null): PriceCheck & { called: boolean } {
  const check = ((priced) => {
    check.called = true;
    if (quoted && (priced.priceCents !== quoted.priceCents || priced.creditCents !== quoted.creditCents)) {
      throw conflict('payment.price_changed', PRICE_CHANGED);
    }
  }) as PriceCheck & { called: boolean };
  check.called = false;
  return check;
}

/**
 * Registers a money action's two routes: `POST quotePath` answers a signed PayQuote
 * computed by the action's own pricing code; `POST path` verifies the quote when one is
 * sent (`x-fandeck-quote`) and runs the action once per `Idempotency-Key`. Existing
 * clients send neither (api-contract section 7): a request without a key is a fresh
 * action each time, and one without a quote is charged at the current price. With a
 * quote it runs only as quoted, and only once: the quote is spent with the first request
 * that uses it (`used-quotes.ts`), so a keyless request spends it for good.
 */
export function registerMoneyAction<B extends z.ZodType, R extends z.ZodType>(api: ApiScope, ctx: AppContext, definition: MoneyActionDefinition<B, R>): void {
  const { action } = definition;
  const secret = quoteSecret();
  if (!secret.configured && ctx.config.env === 'production') {
    api.log.warn('QUOTE_SECRET is not set: quotes are signed with a per-process key and fail across several processes');
  }
  const params = paramsSchema(action.path);

  api.post(
    action.quotePath,
    {
      schema: {
        tags: definition.tags,
        summary: `Quote: ${definition.summary}`,
        description:
          'Answers what the action with the same path and body would charge, moving nothing. Send `quote` back in the ' +
          `\`${QUOTE_HEADER}\` header of the action (within two minutes, same body) to be charged exactly that.`,
        params,
        body: definition.body,
        response: { 200: envelopeSchema(payQuoteSchema) },
      },
    },
    async (request) => {
      const call = callOf<z.output<B>>(ctx, request, action.path);
      const { priced, recipient } = await withoutCommit(ctx.db, async (tx) => {
        const priced: Priced = await definition.quote(tx, call);
        return { priced, recipient: await recipientOf(tx, priced.recipientId) };
      });
      const expiresAt = ctx.now().getTime() + QUOTE_TTL_MS;
      const quote = signQuote(secret.key, {
        id: newId(),
        userId: call.user.id,
        action: action.name,
        path: call.path,
        bodyHash: bodyHash(call.body),
        priceCents: priced.priceCents,
        creditCents: priced.creditCents,
        expiresAt,
      });
      const answer: PayQuote = {
        action: action.name,
        kind: action.kind,
        itemId: priced.itemId,
        recipient,
        description: priced.description,
        price: fromCents(priced.priceCents),
        credit: priced.creditCents === null ? null : fromCents(priced.creditCents),
        currency: CURRENCY,
        quote,
        expiresAt: new Date(expiresAt).toISOString(),
        ...(priced.minutes !== undefined ? { minutes: priced.minutes } : {}),
      };
      return ok(answer);
    },
  );

  api.post(
    action.path,
    {
      schema: {
        tags: definition.tags,
        summary: definition.summary,
        description:
          `${definition.description ?? ''}\n\nMoney-moving: send an \`Idempotency-Key\` header (1 to 255 visible ASCII characters) ` +
          'so a retry with the same key returns the first answer (the same key with another body is a 422); ' +
          'a request without one is a fresh action every time. ' +
          `With \`${QUOTE_HEADER}\` (from the quote route) the request must be the quoted one (422) at the quoted price (409); ` +
          'a quote pays once: sent again under another key it is a 409 `payment.quote_used`.',
        params,
        headers: actionHeaders,
        body: definition.body,
        // Widened: the route typing cannot follow a generic response schema; the schema still checks what is sent.
        response: { 200: definition.response as z.ZodType },
      },
    },
    async (request, reply) => {
      const key = (request.headers[IDEMPOTENCY_HEADER] as string | undefined) || undefined;
      const token = request.headers[QUOTE_HEADER] as string | undefined;
      const call: ActionCall<z.output<B>> = { ...callOf<z.output<B>>(ctx, request, action.path), idempotencyKey: key };
      const idempotent: IdempotentRequest = { userId: call.user.id, key, method: 'POST', path: `/api${call.path}`, body: call.body };

      // Inside the idempotent work, so a retry of a done request replays its answer even after its quote expired.
      // An action in one transaction spends the quote in it, with the charge; an unbound one spends it before its
      // own transactions, bound to this key, so a retry of a released key still may use it and no other key can.
      const checked = async (db: DbOrTx) => {
        const quoted = token === undefined ? null : verifiedQuote(secret.key, token, { userId: call.user.id, action: action.name, path: call.path, bodyHash: bodyHash(call.body) }, ctx.now());
        if (quoted) await spendQuote(db, quoted, key ?? keylessSpender());
        return priceCheck(quoted);
      };
      // The one-call path first (`performInOneCall`); anything it does not answer goes the usual way.
      const inOneCall = async (): Promise<IdempotentAnswer<unknown> | undefined> => {
        if (definition.runs !== 'in-transaction' || !definition.performInOneCall) return undefined;
        let quoted: QuoteClaims | null = null;
        if (token !== undefined) {
          try {
            quoted = verifiedQuote(secret.key, token, { userId: call.user.id, action: action.name, path: call.path, bodyHash: bodyHash(call.body) }, ctx.now());
          } catch {
            return undefined;
          }
        }
        const quote = quoted && { id: quoted.id, expiresAt: new Date(quoted.expiresAt), spender: key ?? keylessSpender(), priceCents: quoted.priceCents, creditCents: quoted.creditCents };
        const outcome = await definition.performInOneCall(call, { key: keyClaimOf(idempotent), quote });
        if (!outcome) return undefined;
        outcome.afterCommit?.();
        return { statusCode: outcome.statusCode, body: outcome.body, replayed: false };
      };
      const fast = await inOneCall();
      if (fast) return sendAnswer(reply, fast);

      const mustHaveChecked = (check: ReturnType<typeof priceCheck>) => {
        if (token !== undefined && !check.called) throw new Error(`Money action ${action.name} never checked its price against the quote`);
      };

      const answer =
        definition.runs === 'in-transaction'
          ? await runIdempotent(ctx.db, idempotent, async (tx) => {
              const check = await checked(tx);
              const outcome = await definition.perform(tx, call, check);
              mustHaveChecked(check);
              return outcome;
            })
          : await runIdempotentUnbound(ctx.db, idempotent, async (db) => {
              const check = await checked(db);
              const outcome = await definition.perform(db, call, check);
              mustHaveChecked(check);
              return outcome;
            });
      return sendAnswer(reply, answer);
    },
  );
}
