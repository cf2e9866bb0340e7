import type { DbOrTx } from '../../db/client.js';
import { unprocessable } from '../../http/errors.js';
import { fromCents, toCents } from '../../money/amounts.js';
import { readSettings } from '../settings/index.js';

/** Cents as the decimal text messages show (`29.90`). */
export const units = (cents: number) => fromCents(cents).toFixed(2);

/**
 * The limits are settings read on every call, so an admin change applies at once. A typed
 * amount and a token package's price keep to them alike.
 */
export async function assertTopUpLimits(db: DbOrTx, amountCents: number): Promise<void> {
  const settings = await readSettings(db, ['minTopupWalletAmount', 'maxTopupWalletAmount']);
  const min = toCents(String(settings.minTopupWalletAmount)) ?? 0;
  const max = toCents(String(settings.maxTopupWalletAmount)) ?? 0;
  if (amountCents < min || amountCents > max) {
    throw unprocessable('payment.topup_out_of_range', `The top-up amount must be between ${units(min)} and ${units(max)}`);
  }
}
