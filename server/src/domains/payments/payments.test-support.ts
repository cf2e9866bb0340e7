import type { App } from '../../app.js';
import type { AppContext } from '../../context.js';
import { signatureHeader } from '../../gateways/webhook-signature.js';
import { createRealtime, type Realtime } from '../../realtime/realtime.js';
import { updateSettings } from '../settings/settings.service.js';

/** Test helpers shared by the payments and coupons suites. */

export interface SentEvent {
  userId: string;
  event: string;
  payload: unknown;
}

/** The real realtime, recording what it is asked to send to users. */
export function recordingRealtime(): Realtime & { sent: SentEvent[] } {
  const real = createRealtime();
  const sent: SentEvent[] = [];
  return {
    ...real,
    sent,
    emitToUser(userId, event, payload) {
      sent.push({ userId, event, payload });
      real.emitToUser(userId, event, payload);
    },
  };
}

/** A clock tests move forward (charge expiry, stale webhooks). */
export function testClock(start = new Date()) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(seconds: number) {
      current += seconds * 1000;
    },
  };
}

export const setGateway = (ctx: AppContext, name: 'pix-sandbox' | 'pix' | 'stripe') => updateSettings(ctx.db, { paymentGateway: name });

export const auth = (token: string) => ({ authorization: token });

let keys = 0;
/**
 * Tops up through the API. `idempotencyKey`: a fresh one when omitted, none with null
 * (a fresh top-up each time, as existing clients send it), or the given one (a retry).
 */
export async function topUp(app: App, token: string, body: Record<string, unknown>, idempotencyKey: string | null = `topup-${process.pid}-${Date.now().toString(36)}-${(keys += 1)}`, extraHeaders: Record<string, string> = {}) {
  const key = idempotencyKey === null ? {} : { 'idempotency-key': idempotencyKey };
  return app.inject({ method: 'POST', url: '/api/payment/wallet/top-up', headers: { ...auth(token), ...key, ...extraHeaders }, payload: body });
}

export interface PixItem {
  endToEndId: string;
  txid: string;
  valor: string;
}

/** A PIX webhook as the provider signs it; `signedAt` defaults to the app's clock. */
export function pixWebhook(ctx: AppContext, items: PixItem[], options: { signedAt?: Date; secret?: string } = {}) {
  const body = JSON.stringify({ pix: items.map((i) => ({ ...i, horario: new Date().toISOString() })) });
  const header = signatureHeader(options.secret ?? ctx.config.pixWebhookSecret, body, options.signedAt ?? ctx.now());
  return { body, header };
}

export async function deliverPix(app: App, hook: { body: string; header: string }) {
  return app.inject({
    method: 'POST',
    url: '/api/payment/webhooks/pix-sandbox',
    headers: { 'content-type': 'application/json', 'x-pix-signature': hook.header },
    payload: hook.body,
  });
}

let e2e = 0;
/** A unique endToEndId in the SPI shape. */
export function endToEndId(): string {
  e2e += 1;
  return `E99999999203001011200${String(e2e).padStart(11, '0')}`;
}
