import { IDEMPOTENCY_HEADER, QUOTE_HEADER } from '@fandeck/contract';
import { httpCall } from '../api/http.js';
import { aborted, notConfirmed } from '../bridge/bridge-errors.js';
import { badQuote, readPayRequest, readQuote } from '../bridge/pay-request.js';
import type { PayOptions, PayQuote, PayRequest, TransportResult } from './transport.js';

export interface DirectPayContext {
  /** The API base URL. */
  base: string;
  /** The credential header of the moment. */
  headers: () => Record<string, string>;
  confirm: (quote: PayQuote, signal?: AbortSignal) => Promise<boolean>;
}

/**
 * The direct transport's `pay`, loaded with the first payment: the same rules and outcomes
 * as the bridge's. Quote, have the fan confirm exactly that quote, then send the same body
 * with the request's Idempotency-Key and the quote token.
 */
export async function directPay<T>(request: PayRequest, { signal }: PayOptions, context: DirectPayContext): Promise<TransportResult<T>> {
  const reading = readPayRequest(request);
  if (!reading.ok) return reading.result;
  const { pay } = reading;
  const withSignal = signal ? { signal } : {};
  const quoted = await httpCall<unknown>({ method: 'POST', url: `${context.base}${pay.quotePath}`, body: pay.request.body, headers: context.headers(), ...withSignal });
  if (!quoted.ok) return quoted;
  const quote = readQuote(quoted.data, pay);
  if (!quote) return badQuote();
  const confirmed = await context.confirm(quote, signal);
  if (signal?.aborted) return aborted();
  if (!confirmed) return notConfirmed();
  const headers = { ...context.headers(), [IDEMPOTENCY_HEADER]: pay.request.idempotencyKey, [QUOTE_HEADER]: quote.quote };
  return await httpCall<T>({ method: 'POST', url: `${context.base}${pay.path}`, body: pay.request.body, headers, ...withSignal });
}
