/**
 * Unlocking paid items from the wallet (a post, a gallery, a video): one `transport.pay`
 * of `charge:<kind>` per item (the platform quotes it, has the fan confirm it and sends
 * that exact request), each item's step as a signal views read, and its Idempotency-Key
 * kept across a retry of the same unlock. After a charge, `reload` reads the item again so
 * its media arrive as links made for this fan.
 */
import { signal, type ReadonlySignal } from '@preact/signals-core';
import type { ChargeKind } from '@fandeck/contract';
import { createPayKeys, isDeclined, isRetryable, runPay, type PayKeys } from './money-action.js';
import type { ActionError } from './outcome.js';
import type { Session } from './session.js';

export type UnlockStep =
  | { step: 'confirming' }
  /** The fan said no in the confirm dialog: nothing was charged. */
  | { step: 'declined' }
  | { step: 'failed'; error: ActionError; retryable: boolean };

export interface Unlocks {
  /** Each item's step while it is being unlocked, or after it failed; absent once done. */
  steps: ReadonlySignal<ReadonlyMap<string, UnlockStep>>;
  /** Buys the item; true once it is bought and read again. A second call while one runs is ignored. */
  unlock(id: string): Promise<boolean>;
}

export function createUnlocks(session: Session, kind: ChargeKind, reload: (id: string) => Promise<true | ActionError>): Unlocks {
  const steps = signal<ReadonlyMap<string, UnlockStep>>(new Map());
  const keys = new Map<string, PayKeys>();
  const set = (id: string, step: UnlockStep | null) => {
    const next = new Map(steps.value);
    if (step) next.set(id, step);
    else next.delete(id);
    steps.value = next;
  };

  async function unlock(id: string): Promise<boolean> {
    if (steps.value.get(id)?.step === 'confirming') return false;
    set(id, { step: 'confirming' });
    const itemKeys = keys.get(id) ?? createPayKeys();
    keys.set(id, itemKeys);
    const outcome = await runPay<unknown>(session.transport, itemKeys, { action: `charge:${kind}`, params: { id }, body: {} });
    if (!outcome.ok) {
      set(id, isDeclined(outcome.error) ? { step: 'declined' } : { step: 'failed', error: outcome.error, retryable: isRetryable(outcome.error) });
      return false;
    }
    const fresh = await reload(id);
    if (fresh === true) {
      set(id, null);
      return true;
    }
    set(id, { step: 'failed', error: fresh, retryable: true });
    return false;
  }

  return { steps, unlock };
}
