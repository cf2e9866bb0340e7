/**
 * The small, safe copy of a staff call's body the audit log keeps: secrets and payout details
 * replaced, long texts cut, lists and nesting bounded, so a row says what changed without
 * holding what nobody should read back.
 */
const SECRET_KEY = /pass|token|secret|pix|account|agency|bank|document|cpf|cnpj|card|cvv|iban|tax/i;
export const REDACTED = '[redacted]';
const TEXT_MAX = 120;
const KEYS_MAX = 20;
const ITEMS_MAX = 10;
const DEPTH_MAX = 2;

function summarizeValue(value: unknown, depth: number): unknown {
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string') return value.length > TEXT_MAX ? `${value.slice(0, TEXT_MAX)}…` : value;
  if (Array.isArray(value)) {
    const items = value.slice(0, ITEMS_MAX).map((item) => summarizeValue(item, depth + 1));
    return value.length > ITEMS_MAX ? [...items, `…${value.length - ITEMS_MAX} more`] : items;
  }
  if (typeof value === 'object') return depth >= DEPTH_MAX ? '{…}' : summarizeObject(value as Record<string, unknown>, depth + 1);
  return undefined;
}

function summarizeObject(body: Record<string, unknown>, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body).slice(0, KEYS_MAX)) {
    const kept = SECRET_KEY.test(key) ? REDACTED : summarizeValue(value, depth);
    if (kept !== undefined) out[key] = kept;
  }
  return out;
}

/** The body as the log keeps it; a body that is not an object (a multipart upload, none) is `{}`. */
export function summarizeBody(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  return summarizeObject(body as Record<string, unknown>, 0);
}

/** The path's parameters as strings (the ids a call names). */
export function targetsOf(params: unknown): Record<string, string> {
  if (!params || typeof params !== 'object') return {};
  return Object.fromEntries(Object.entries(params as Record<string, unknown>).filter(([, v]) => typeof v === 'string').map(([k, v]) => [k, String(v).slice(0, 64)]));
}
