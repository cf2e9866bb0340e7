/**
 * The bridge's `pay` command, the only way an embedded page moves the fan's money.
 *
 * The page names a contract money action, its path parameters, its body and an
 * Idempotency-Key. The bridge builds the path from the contract's template, asks the
 * server to quote exactly that body, shows the fan the QUOTE (never anything the page
 * says), and on confirm sends the very same body to the action with the key and the
 * quote token, so the server refuses it if the path, body or price differ from what the
 * fan saw. One dialog at a time: a second `pay` while one is under way is refused and
 * cannot touch the first. An action the contract marks `embed: 'page'` (resuming a
 * subscription) goes with the page's origin (`PAGE_ORIGIN_HEADER`, the origin the browser
 * reported, never the page's say), so the server allows it only for the page's own creators.
 */
import { IDEMPOTENCY_HEADER, PAGE_ORIGIN_HEADER, QUOTE_HEADER, type PayQuote } from '@fandeck/contract';
import type { TransportResult } from '../session/transport.js';
import { aborted, bridgeError, notConfirmed } from './bridge-errors.js';
import { badQuote, readPayRequest, readQuote } from './pay-request.js';

export interface PayDeps {
  /** POSTs the serialised body to an API path with the fan's credential. */
  post(path: string, json: string, headers: Record<string, string>, signal: AbortSignal): Promise<TransportResult<unknown>>;
  /** Shows the quote to the fan; resolves false when they decline or `signal` ends the dialog. */
  confirm(quote: PayQuote, signal: AbortSignal): Promise<boolean>;
  /** The verified origin of the page the bridge serves. */
  pageOrigin: string;
}

const busy = (): TransportResult<never> => bridgeError(409, 'bridge.busy', 'Another payment is waiting for confirmation', 'Conflict');

export class PayDesk {
  private pending = false;

  constructor(private readonly deps: PayDeps) {}

  /** Whether a pay is under way (quoting, waiting for the fan, or sending). */
  get busy(): boolean {
    return this.pending;
  }

  async pay(input: unknown, signal: AbortSignal): Promise<TransportResult<unknown>> {
    // Refused before anything is read: the pending pay and its dialog stay exactly as they are.
    if (this.pending) return busy();
    const reading = readPayRequest(input);
    if (!reading.ok) return reading.result;
    const { pay } = reading;
    this.pending = true;
    const scoped: Record<string, string> = pay.action.embed === 'page' ? { [PAGE_ORIGIN_HEADER]: this.deps.pageOrigin } : {};
    try {
      const quoted = await this.deps.post(pay.quotePath, pay.json, { ...scoped }, signal);
      // Signed out, unknown item, bad body: the server's own answer.
      if (!quoted.ok) return quoted;
      const quote = readQuote(quoted.data, pay);
      if (!quote) return badQuote();
      if (signal.aborted) return aborted();
      const confirmed = await this.deps.confirm(quote, signal);
      if (signal.aborted) return aborted();
      if (!confirmed) return notConfirmed();
      return await this.deps.post(pay.path, pay.json, { ...scoped, [IDEMPOTENCY_HEADER]: pay.request.idempotencyKey, [QUOTE_HEADER]: quote.quote }, signal);
    } finally {
      this.pending = false;
    }
  }
}
