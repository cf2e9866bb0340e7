/**
 * A poll's vote and a crowdfunding goal's contributions, for one post. A vote is one call
 * (`POST /user/feeds/vote/{optionId}`) answering the poll with its new counts; a
 * contribution is one `transport.pay` of `charge:crowdfunding` with the amount the fan
 * chose (the platform's confirm dialog shows it), its key kept across a retry of the same
 * amount. After a contribution the post is read again through `reload`.
 */
import { createModel, signal } from '@preact/signals-core';
import { createPayKeys, isDeclined, runPay } from '../session/money-action.js';
import type { ActionError } from '../session/outcome.js';
import type { Session } from '../session/session.js';
import type { FeedPoll } from './feeds-api.js';

export type ExtraStep = { step: 'idle' } | { step: 'busy' } | { step: 'done' } | { step: 'declined' } | { step: 'failed'; error: ActionError };

export const PostExtrasModel = createModel((session: Session, reload: () => Promise<unknown>) => {
  const poll = signal<FeedPoll | null>(null);
  const voting = signal<ExtraStep>({ step: 'idle' });
  const contributing = signal<ExtraStep>({ step: 'idle' });
  const keys = createPayKeys();

  async function vote(optionId: string): Promise<void> {
    if (voting.value.step === 'busy') return;
    voting.value = { step: 'busy' };
    const outcome = await session.api.feeds.vote({ id: optionId }, {});
    if (!outcome.ok) {
      voting.value = { step: 'failed', error: outcome.error };
      return;
    }
    poll.value = outcome.value;
    voting.value = { step: 'done' };
  }

  /** Gives `amount` (tokens, as the fan typed it) to the goal. */
  async function contribute(goalId: string, amount: number): Promise<boolean> {
    if (contributing.value.step === 'busy') return false;
    contributing.value = { step: 'busy' };
    const outcome = await runPay<unknown>(session.transport, keys, { action: 'charge:crowdfunding', params: { id: goalId }, body: { price: amount } });
    if (!outcome.ok) {
      contributing.value = isDeclined(outcome.error) ? { step: 'declined' } : { step: 'failed', error: outcome.error };
      return false;
    }
    await reload();
    contributing.value = { step: 'done' };
    return true;
  }

  return { poll, voting, contributing, vote, contribute };
});
export type PostExtrasModel = InstanceType<typeof PostExtrasModel>;
