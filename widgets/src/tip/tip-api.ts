/**
 * The tip calls, over the page's session (directly on the platform, through the bridge
 * elsewhere). Every call answers an Outcome; none throws into the view.
 */
import { failure, success, type ActionError, type Outcome } from '../session/outcome.js';
import type { Session } from '../session/session.js';
import { CURRENCY } from '../wallet/money.js';

/** A creator as a tip needs them (`GET /performers/:id`, by id or username). */
export interface TipCreator {
  _id: string;
  name: string;
  username: string | null;
  avatar: string | null;
}

/** What a tip charge answers (`server/src/domains/wallet/wallet.presenter.ts`). */
export interface TipCharge {
  _id: string;
  performerId: string;
  price: number;
}

/** The server's text for a short wallet (`server/src/ledger/ledger.ts`). */
export const INSUFFICIENT_BALANCE = 'You have an insufficient wallet balance. Please top up.';

/** The bound on the message this element lets a fan type (the server allows more). */
export const TIP_MESSAGE_MAX = 500;

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

export async function fetchCreator(session: Session, idOrUsername: string): Promise<Outcome<TipCreator>> {
  const outcome = await session.api.get<Record<string, unknown>>(`/performers/${encodeURIComponent(idOrUsername)}`, undefined, { unauthorized: 'ignore' });
  if (!outcome.ok) return outcome;
  const value = outcome.value ?? {};
  const id = text(value._id);
  if (!id) return failure({ status: 404, message: 'Creator not found' });
  return success({ _id: id, name: text(value.name) ?? text(value.username) ?? idOrUsername, username: text(value.username), avatar: text(value.avatar) });
}

/** A fresh Idempotency-Key for one tip the fan asked for. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `tip-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * A failure worth sending again with the same key: no answer, a server error, or the
 * first request with this key still running. Any other answer (a 422 short balance, a
 * refusal) is stored by the server against the key and would only be replayed, so the
 * next attempt is a new request with a new key.
 */
export function isRetryable(error: ActionError): boolean {
  return error.status === 0 || error.status === 409 || error.status >= 500;
}

export function isInsufficientBalance(error: ActionError): boolean {
  const message = typeof error.body === 'object' && error.body !== null ? (error.body as { message?: unknown }).message : undefined;
  return error.status === 422 && (message === INSUFFICIENT_BALANCE || error.message === INSUFFICIENT_BALANCE);
}

/** The platform's confirm step; on a third-party page the bridge lets the charge through only after it. */
export function confirmTip(session: Session, creator: TipCreator, amount: number, title: string): Promise<boolean> {
  return session.transport.confirm({
    kind: 'tip',
    title,
    amount,
    currency: CURRENCY,
    creator: { _id: creator._id, name: creator.name, username: creator.username },
  });
}

export async function sendTip(
  session: Session,
  input: { creatorId: string; price: number; message?: string | undefined; idempotencyKey: string },
): Promise<Outcome<TipCharge>> {
  const body = { price: input.price, ...(input.message ? { message: input.message } : {}) };
  const outcome = await session.api.post<Record<string, unknown>>(`/wallet/charges/tip/${encodeURIComponent(input.creatorId)}`, body, {
    headers: { 'Idempotency-Key': input.idempotencyKey },
    // On a third-party page a 403 may be the bridge's own refusal, not a lost sign-in.
    unauthorized: 'ignore',
  });
  if (!outcome.ok) return outcome;
  const value = outcome.value ?? {};
  const id = text(value._id);
  if (!id) return failure({ status: 200, message: 'Unexpected answer', body: value });
  return success({
    _id: id,
    performerId: text(value.performerId) ?? input.creatorId,
    price: typeof value.price === 'number' ? value.price : input.price,
  });
}
