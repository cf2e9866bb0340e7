import type { ErrorCode } from '@fandeck/contract';
import type { ActionError } from '../../session/session.js';

type RefusalKey =
  | 'privateCalls.refusals.notFound'
  | 'privateCalls.refusals.invalidState'
  | 'privateCalls.refusals.alreadyPaid'
  | 'privateCalls.refusals.insufficientBalance'
  | 'privateCalls.refusals.blocked'
  | 'privateCalls.refusals.notPaid';

/** The refusals these pages word themselves; any other code keeps the catalogue's text of it. */
const refusalKeys: Partial<Record<ErrorCode, RefusalKey>> = {
  'streaming.request_not_found': 'privateCalls.refusals.notFound',
  'streaming.request_invalid_state': 'privateCalls.refusals.invalidState',
  'payment.already_paid': 'privateCalls.refusals.alreadyPaid',
  'wallet.insufficient_balance': 'privateCalls.refusals.insufficientBalance',
  'blocks.blocked': 'privateCalls.refusals.blocked',
};

/**
 * The text of a refusal, chosen by its code: never the server's English. `unpaidStart`: a
 * creator's start of an approved paid call, whose only wrong state is a fan who has not paid.
 */
export function refusalText(t: (key: RefusalKey) => string, error: ActionError, unpaidStart = false): string {
  if (unpaidStart && error.code === 'streaming.request_invalid_state') return t('privateCalls.refusals.notPaid');
  const key = error.code ? refusalKeys[error.code] : undefined;
  // `message` is already the errors catalogue's text of the code (or of the status).
  return key ? t(key) : error.message;
}
