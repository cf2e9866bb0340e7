/**
 * Gifts in a live stream: the catalogue staff set (`gifts.search`, read when the viewer opens
 * the picker) and one gift sent as the platform's money action `charge:gift` with the
 * stream's id: the server's quote, confirmed in the platform's own dialog, then the same
 * request with the quote and an Idempotency-Key kept for a retry of that very gift. The
 * room then shows it to everyone (stream-support.model.ts).
 */
import type { GiftDto } from '@fandeck/contract';
import { createModel, signal, type ReadonlySignal } from '@preact/signals-core';
import { createPayKeys, isDeclined, runPay } from '../session/money-action.js';
import { failure, type ActionError, type Outcome } from '../session/outcome.js';
import type { Session } from '../session/session.js';
import { isRecord } from './live-player-api.js';
import type { LivePlayerModel } from './live-player.model.js';

export type GiftCatalogue = { status: 'idle' | 'loading' } | { status: 'ready'; gifts: GiftDto[] } | { status: 'failed'; error: ActionError };

export type GiftStep =
  | { step: 'idle' }
  | { step: 'sending'; gift: GiftDto }
  | { step: 'sent'; gift: GiftDto }
  | { step: 'declined' }
  | { step: 'failed'; gift: GiftDto; error: ActionError };

const keep = { unauthorized: 'ignore' } as const;

/** A gift of the catalogue as the server answers it; null when the value is not one (or is hidden). */
export function readGift(value: unknown): GiftDto | null {
  if (!isRecord(value) || typeof value._id !== 'string' || typeof value.name !== 'string' || typeof value.emoji !== 'string') return null;
  if (typeof value.price !== 'number' || !(value.price > 0) || value.hidden === true) return null;
  return { ...(value as unknown as GiftDto), imageUrl: typeof value.imageUrl === 'string' && value.imageUrl ? value.imageUrl : null };
}

export const LiveGiftModel = createModel((session: Session, player: LivePlayerModel) => {
  const catalogue = signal<GiftCatalogue>({ status: 'idle' });
  const step = signal<GiftStep>({ step: 'idle' });
  const payKeys = createPayKeys();

  return {
    catalogue: catalogue as ReadonlySignal<GiftCatalogue>,
    step: step as ReadonlySignal<GiftStep>,

    /** Reads the catalogue once (again after a failure). */
    async loadGifts(): Promise<void> {
      const now = catalogue.peek().status;
      if (now === 'loading' || now === 'ready') return;
      catalogue.value = { status: 'loading' };
      const outcome = await session.api.gifts.search.list(undefined, keep);
      catalogue.value = outcome.ok ? { status: 'ready', gifts: outcome.value.data.map(readGift).filter((gift): gift is GiftDto => gift !== null) } : { status: 'failed', error: outcome.error };
    },

    /** Sends one gift to the creator of the stream on screen, through the platform's confirm. */
    async send(gift: GiftDto): Promise<Outcome<unknown>> {
      const state = player.state.peek();
      if (state.status !== 'live' || step.peek().step === 'sending') return failure({ status: -1, message: '' });
      step.value = { step: 'sending', gift };
      const outcome = await runPay<unknown>(session.transport, payKeys, { action: 'charge:gift', params: { id: gift._id }, body: { streamId: state.join.stream._id } });
      if (outcome.ok) step.value = { step: 'sent', gift };
      else step.value = isDeclined(outcome.error) ? { step: 'declined' } : { step: 'failed', gift, error: outcome.error };
      return outcome;
    },

    /** Back to the picker. */
    again(): void {
      if (step.peek().step !== 'sending') step.value = { step: 'idle' };
    },
  };
});
export type LiveGiftModel = InstanceType<typeof LiveGiftModel>;
