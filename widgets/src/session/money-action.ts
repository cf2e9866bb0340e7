/**
 * What every money-moving model (top-up, tip, unlock, subscribe, …) needs around one
 * `transport.pay` call: the Idempotency-Key kept for retries of the same request and only
 * for it, which failures may be retried with that key, and the Outcome views read.
 */
import { errorCodeOf, type ErrorCode, type MoneyActionName, type PayRequest } from '@fandeck/contract';
import { failureText, loadFailureTexts } from '../api/error-catalogue.js';
import { failure, success, type ActionError, type Outcome } from './outcome.js';
import type { Transport, TransportResult } from './transport.js';

/** The error's contract code: `ActionError.code` when set, else the server's `body.code`. */
export function errorCode(error: ActionError): ErrorCode | null {
  return errorCodeOf({ code: (error as { code?: unknown }).code }) ?? errorCodeOf(error.body);
}

/** The fan said no in the platform's confirm dialog; nothing was sent. */
export function isDeclined(error: ActionError): boolean {
  return error.code === 'bridge.not_confirmed';
}

/**
 * A failure worth sending again with the SAME key: no answer, a server error, the first
 * request with this key still running, or a bridge that never got to send it. Any other
 * answer (a short balance, a refusal, a changed price) is final: the server stores it
 * against the key and would only replay it, so the next attempt is a new request.
 */
export function isRetryable(error: ActionError): boolean {
  const code = errorCode(error);
  if (code === 'bridge.unavailable' || code === 'bridge.busy') return true;
  if (error.status === 409) return code === null || code === 'idempotency.in_progress';
  return error.status === 0 || error.status >= 500;
}

/** A fresh Idempotency-Key for one request the fan asked for. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `pay-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** JSON with sorted keys: the same request always reads the same, whatever order its fields were built in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export type PayInput = Omit<PayRequest, 'idempotencyKey'>;

/**
 * One money action's keys. A request gets the key still pending from a retryable failure
 * of exactly the same request (action, parameters, body); any other request, or the same
 * one after a success or a final failure, gets a new key.
 */
export interface PayKeys {
  /** The key the next send of `input` goes with. */
  keyFor(input: PayInput): string;
  /** What became of the send: keeps the key only when a retry with it is safe and useful. */
  settle(outcome: Outcome<unknown>): void;
  /** Forgets any pending key (the fan started over). */
  reset(): void;
}

export function createPayKeys(): PayKeys {
  let pending: { key: string; request: string } | null = null;
  return {
    keyFor(input) {
      const request = canonical({ action: input.action, params: input.params, body: input.body });
      if (pending?.request !== request) pending = { key: newIdempotencyKey(), request };
      return pending.key;
    },
    settle(outcome) {
      if (outcome.ok || !isRetryable(outcome.error)) pending = null;
    },
    reset() {
      pending = null;
    },
  };
}

/** A `pay` answer as an Outcome; a decline is a failure with status -1 and code `bridge.not_confirmed`. */
export function payOutcome<T>(result: TransportResult<T>): Outcome<T> {
  if (result.ok) return success(result.data);
  return failure({ status: result.status, code: errorCodeOf(result.body), message: failureText(result.status, result.body), body: result.body });
}

/** A 2xx answer whose body is not what the contract promises: final, shown as a generic failure. */
export function unexpectedAnswer(body: unknown): ActionError {
  return { status: 200, code: null, message: failureText(200, body), body };
}

/**
 * Sends one money action with the key `keys` holds for it and settles the key. Never
 * throws: a transport that does is a request without an answer (retryable).
 */
export async function runPay<T>(
  transport: Transport,
  keys: PayKeys,
  input: { action: MoneyActionName; params: Record<string, string>; body: Record<string, unknown> },
  options: { signal?: AbortSignal } = {},
): Promise<Outcome<T>> {
  const request: PayRequest = { ...input, idempotencyKey: keys.keyFor(input) };
  const result = await transport.pay<T>(request, options).then(
    (answer) => answer,
    (cause: unknown): TransportResult<T> => ({ ok: false, status: 0, body: { cause: String(cause) } }),
  );
  // The failure texts load with the first failure (as the API client's do), not with the page.
  if (!result.ok) await loadFailureTexts();
  const outcome = payOutcome(result);
  keys.settle(outcome);
  return outcome;
}
