/**
 * Reading a `pay` request and the server's quote of it, shared by the bridge and the
 * host site's direct transport: both accept only a contract money action with exactly
 * its path parameters, a plain JSON body and a usable Idempotency-Key, and show the fan
 * only a quote that is really one for that action.
 */
import { fillTemplate, moneyAction, type MoneyAction, type PayQuote, type PayRequest } from '@fandeck/contract';
import type { TransportResult } from '../session/transport.js';
import { bridgeError } from './bridge-errors.js';
import { isRecord } from './protocol.js';

/** A pay request the bridge can run: checked, with its paths filled and its body serialised once. */
export interface PreparedPay {
  request: PayRequest;
  action: MoneyAction;
  path: string;
  quotePath: string;
  json: string;
}

export type PayReading = { ok: true; pay: PreparedPay } | { ok: false; result: TransportResult<never> };

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;
const MAX_BODY_CHARS = 16_000;
const MAX_DEPTH = 8;

const invalid = (message: string): PayReading => ({ ok: false, result: bridgeError(400, 'request.invalid', message, 'Bad Request') });

/** Parameter names of a template (`/wallet/charges/tip/:id` has `id`). */
const templateParams = (template: string) => template.split('/').filter((part) => part.startsWith(':')).map((part) => part.slice(1));

/** JSON data only (what the server's schema could ever accept): no functions, dates, blobs, NaN or cycles. */
function isJsonValue(value: unknown, depth: number): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (depth >= MAX_DEPTH || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.every((item) => isJsonValue(item, depth + 1));
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  return Object.values(value).every((item) => isJsonValue(item, depth + 1));
}

/** The page's pay request, checked against the contract; what is refused and why otherwise. */
export function readPayRequest(input: unknown): PayReading {
  if (!isRecord(input)) return invalid('A pay request is an object');
  const action = typeof input.action === 'string' ? moneyAction(input.action) : undefined;
  if (!action) return { ok: false, result: bridgeError(403, 'bridge.route_not_allowed', 'There is no such payment', 'Forbidden') };
  const { params, body, idempotencyKey } = input;
  if (!isRecord(params) || !Object.values(params).every((value) => typeof value === 'string')) return invalid('params must map names to strings');
  const names = templateParams(action.path);
  if (Object.keys(params).length !== names.length || !names.every((name) => name in params)) return invalid(`params must be exactly: ${names.join(', ') || 'none'}`);
  const path = fillTemplate(action.path, params);
  const quotePath = fillTemplate(action.quotePath, params);
  if (!path || !quotePath) return invalid('A parameter is not a valid path value');
  if (!isRecord(body) || !isJsonValue(body, 0)) return invalid('body must be a plain JSON object');
  const json = JSON.stringify(body);
  if (json.length > MAX_BODY_CHARS) return invalid('body is too large');
  if (typeof idempotencyKey !== 'string' || !IDEMPOTENCY_KEY.test(idempotencyKey)) return invalid('idempotencyKey must be 1 to 255 visible ASCII characters');
  const request: PayRequest = { action: action.name as PayRequest['action'], params: { ...(params as Record<string, string>) }, body: JSON.parse(json) as Record<string, unknown>, idempotencyKey };
  return { ok: true, pay: { request, action, path, quotePath, json } };
}

const isText = (value: unknown, max: number): value is string => typeof value === 'string' && value.length <= max;
const isAmount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;
const isMinutes = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 24 * 60;

/** The server's quote, if it is one for this action; the dialog shows nothing else. */
export function readQuote(data: unknown, pay: PreparedPay): PayQuote | null {
  if (!isRecord(data)) return null;
  const { action, kind, itemId, recipient, description, price, credit, currency, quote, expiresAt, minutes } = data;
  if (action !== pay.action.name || kind !== pay.action.kind) return null;
  if (!isAmount(price) || !(credit === null || isAmount(credit))) return null;
  if (!isText(currency, 10) || !/^[A-Za-z]{3}$/.test(currency)) return null;
  if (!isText(quote, 4096) || !/^[\x21-\x7e]+$/.test(quote)) return null;
  if (!(itemId === null || isText(itemId, 200)) || !(description === null || isText(description, 500)) || !isText(expiresAt, 64)) return null;
  // A call is worded from its minutes (the dialog's own texts), so its quote must carry them.
  if (kind === 'call' ? !isMinutes(minutes) : !(minutes === undefined || isMinutes(minutes))) return null;
  let payee: PayQuote['recipient'] = null;
  if (recipient !== null) {
    if (!isRecord(recipient) || !isText(recipient._id, 200) || !isText(recipient.name, 200)) return null;
    if (!(recipient.username === null || recipient.username === undefined || isText(recipient.username, 200))) return null;
    payee = { _id: recipient._id, name: recipient.name, username: (recipient.username as string | null | undefined) ?? null };
  }
  return { action, kind: pay.action.kind, itemId, recipient: payee, description, price, credit, currency, quote, expiresAt, ...(isMinutes(minutes) ? { minutes } : {}) };
}

/** The quote answer could not be read as a quote for this action. */
export const badQuote = (): TransportResult<never> => bridgeError(502, 'server.error', 'The platform sent an unreadable quote', 'Bad Gateway');
