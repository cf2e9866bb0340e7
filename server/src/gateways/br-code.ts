/**
 * BR Code: the PIX "copy and paste" payload behind a PIX QR code. It is an EMV QRCPS
 * merchant-presented payload (ID, two-digit length, value, repeated) with the Banco
 * Central do Brasil's template for the PIX key under ID 26, closed by a CRC16 under ID 63
 * (Manual de Padrões para Iniciação do Pix).
 */
import { toCents } from '../money/amounts.js';

export const PIX_GUI = 'br.gov.bcb.pix';

const ID = {
  payloadFormat: '00',
  pointOfInitiation: '01',
  merchantAccount: '26',
  mcc: '52',
  currency: '53',
  amount: '54',
  country: '58',
  merchantName: '59',
  merchantCity: '60',
  additionalData: '62',
  crc: '63',
} as const;
const ACCOUNT = { gui: '00', key: '01', description: '02', url: '25' } as const;
const ADDITIONAL = { txid: '05' } as const;

export const LIMITS = { merchantName: 25, merchantCity: 15, txid: 25, key: 77, templateValue: 99 } as const;

export class BrCodeError extends Error {
  override name = 'BrCodeError';
}

export interface BrCodeInput {
  /** The receiver's PIX key (EVP, e-mail, phone or tax id). */
  key: string;
  /** Shown to the payer by their bank; dropped when key and description do not fit together. */
  description?: string;
  amountCents: number;
  merchantName: string;
  merchantCity: string;
  /** Reconciliation id, up to 25 letters and digits; `***` when absent. */
  txid?: string;
}

export interface BrCode {
  payloadFormat: string;
  pointOfInitiation: string | undefined;
  gui: string;
  key: string | undefined;
  description: string | undefined;
  url: string | undefined;
  mcc: string;
  currency: string;
  amountCents: number | undefined;
  country: string;
  merchantName: string;
  merchantCity: string;
  txid: string | undefined;
  crc: string;
}

/** CRC-16/CCITT-FALSE: polynomial 0x1021, initial value 0xFFFF, no reflection, no final XOR. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** Upper-case ASCII without accents, as banks print names and cities; other characters are dropped. */
export function toBrCodeText(value: string, max: number): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase()
    .slice(0, max)
    .trim();
}

function field(id: string, value: string): string {
  if (value.length > LIMITS.templateValue) throw new BrCodeError(`Field ${id} is longer than ${LIMITS.templateValue} characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

export function formatAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents <= 0) throw new BrCodeError('The amount must be a positive number of cents');
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** Builds the payload of a one-time (point of initiation 12) PIX charge with a fixed amount. */
export function buildBrCode(input: BrCodeInput): string {
  if (!input.key || input.key.length > LIMITS.key) throw new BrCodeError('The PIX key is missing or too long');
  const txid = input.txid ?? '***';
  if (txid !== '***' && !/^[A-Za-z0-9]{1,25}$/.test(txid)) throw new BrCodeError('The txid must be 1 to 25 letters or digits');
  const name = toBrCodeText(input.merchantName, LIMITS.merchantName);
  const city = toBrCodeText(input.merchantCity, LIMITS.merchantCity);
  if (!name || !city) throw new BrCodeError('The merchant name and city must have printable characters');

  const account = [field(ACCOUNT.gui, PIX_GUI), field(ACCOUNT.key, input.key)];
  const description = input.description ? toBrCodeText(input.description, 72) : '';
  // The whole template must fit in 99 characters; the description is optional, so it gives way.
  if (description && account.join('').length + 4 + description.length <= LIMITS.templateValue) {
    account.push(field(ACCOUNT.description, description));
  }
  const body =
    field(ID.payloadFormat, '01') +
    field(ID.pointOfInitiation, '12') +
    field(ID.merchantAccount, account.join('')) +
    field(ID.mcc, '0000') +
    field(ID.currency, '986') +
    field(ID.amount, formatAmount(input.amountCents)) +
    field(ID.country, 'BR') +
    field(ID.merchantName, name) +
    field(ID.merchantCity, city) +
    field(ID.additionalData, field(ADDITIONAL.txid, txid)) +
    `${ID.crc}04`;
  return body + crc16(body);
}

/** Splits an EMV template into its fields, in order; throws on a malformed length. */
export function readFields(text: string): { id: string; value: string }[] {
  const fields: { id: string; value: string }[] = [];
  let at = 0;
  while (at < text.length) {
    const head = text.slice(at, at + 4);
    if (!/^\d{4}$/.test(head)) throw new BrCodeError(`Malformed field header at position ${at}`);
    const length = Number(head.slice(2));
    const value = text.slice(at + 4, at + 4 + length);
    if (value.length !== length) throw new BrCodeError(`Field ${head.slice(0, 2)} runs past the end of the payload`);
    fields.push({ id: head.slice(0, 2), value });
    at += 4 + length;
  }
  return fields;
}

/** Parses and checks a BR Code: the CRC, the mandatory fields, the PIX template and the lengths. */
export function parseBrCode(payload: string): BrCode {
  const fields = readFields(payload);
  const last = fields.at(-1);
  if (!last || last.id !== ID.crc || last.value.length !== 4) throw new BrCodeError('The payload does not end with a CRC field');
  const expected = crc16(payload.slice(0, -4));
  if (last.value.toUpperCase() !== expected) throw new BrCodeError(`CRC mismatch: ${last.value} instead of ${expected}`);
  if (fields[0]?.id !== ID.payloadFormat || fields[0].value !== '01') throw new BrCodeError('The payload format indicator must come first and be 01');

  const byId = new Map<string, string>();
  for (const f of fields) {
    if (byId.has(f.id)) throw new BrCodeError(`Field ${f.id} appears twice`);
    byId.set(f.id, f.value);
  }
  const required = (id: string) => {
    const v = byId.get(id);
    if (v === undefined) throw new BrCodeError(`Field ${id} is missing`);
    return v;
  };
  const account = new Map(readFields(required(ID.merchantAccount)).map((f) => [f.id, f.value]));
  const gui = account.get(ACCOUNT.gui) ?? '';
  if (gui.toLowerCase() !== PIX_GUI) throw new BrCodeError('The merchant account is not a PIX account');
  const additional = byId.has(ID.additionalData) ? new Map(readFields(byId.get(ID.additionalData)!).map((f) => [f.id, f.value])) : new Map<string, string>();

  const amountText = byId.get(ID.amount);
  if (amountText !== undefined && !/^\d{1,10}(\.\d{1,2})?$/.test(amountText)) throw new BrCodeError('The amount is not a decimal number');
  const merchantName = required(ID.merchantName);
  const merchantCity = required(ID.merchantCity);
  if (merchantName.length > LIMITS.merchantName) throw new BrCodeError('The merchant name is longer than 25 characters');
  if (merchantCity.length > LIMITS.merchantCity) throw new BrCodeError('The merchant city is longer than 15 characters');
  const txid = additional.get(ADDITIONAL.txid);
  if (txid !== undefined && txid.length > LIMITS.txid) throw new BrCodeError('The txid is longer than 25 characters');

  return {
    payloadFormat: '01',
    pointOfInitiation: byId.get(ID.pointOfInitiation),
    gui,
    key: account.get(ACCOUNT.key),
    description: account.get(ACCOUNT.description),
    url: account.get(ACCOUNT.url),
    mcc: required(ID.mcc),
    currency: required(ID.currency),
    amountCents: amountText === undefined ? undefined : toCents(amountText),
    country: required(ID.country),
    merchantName,
    merchantCity,
    txid,
    crc: last.value.toUpperCase(),
  };
}
