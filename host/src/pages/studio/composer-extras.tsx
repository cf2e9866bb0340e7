import { LIMITS } from '@fandeck/contract';
import { useId, useState } from 'react';
import { parseAmount } from '@fandeck/widgets/format/money';
import { useTranslation } from '@fandeck/widgets/i18n';
import { session } from '../../session/session.js';

export type Extra = 'none' | 'poll' | 'goal';

/**
 * What a post may carry besides its text and media: a poll (2 to 10 options) or a
 * crowdfunding goal. `create` makes it on the server just before the post, and answers
 * the post fields that link it (or the failure's text).
 */
export function useComposerExtras() {
  const [extra, setExtra] = useState<Extra>('none');
  const [options, setOptions] = useState<string[]>(['', '']);
  const [goal, setGoal] = useState('');
  const [goalTitle, setGoalTitle] = useState('');

  async function create(description: string): Promise<{ ok: true; fields: Record<string, string> } | { ok: false; message: string }> {
    if (extra === 'poll') {
      const outcome = await session.api.feeds.createPoll({ description, options: options.map((o) => o.trim()).filter(Boolean) });
      return outcome.ok ? { ok: true, fields: { type: 'poll', pollId: outcome.value._id } } : { ok: false, message: outcome.error.message };
    }
    if (extra === 'goal') {
      const amount = parseAmount(goal);
      const outcome = await session.api.feeds.createCrowdfunding({ title: goalTitle.trim(), goal: amount.ok ? amount.value : goal });
      return outcome.ok ? { ok: true, fields: { type: 'crowdfunding', crowdfundingId: outcome.value._id } } : { ok: false, message: outcome.error.message };
    }
    return { ok: true, fields: {} };
  }

  function reset() {
    setExtra('none');
    setOptions(['', '']);
    setGoal('');
    setGoalTitle('');
  }

  const state = { extra, setExtra, options, setOptions, goal, setGoal, goalTitle, setGoalTitle };
  return { extra, create, reset, state };
}

type ExtrasState = ReturnType<typeof useComposerExtras>['state'];

/** The composer's choice of a poll or a goal, and their fields. */
export function ComposerExtras({ state }: { state: ExtrasState }) {
  const { t } = useTranslation();
  const id = useId();
  const { extra, setExtra, options, setOptions, goal, setGoal, goalTitle, setGoalTitle } = state;
  return (
    <>
      <fieldset className="form__field segmented">
        <legend>{t('studio.extra')}</legend>
        <div className="segmented__options">
          {(['none', 'poll', 'goal'] as const).map((option) => (
            <label key={option} className="segmented__option" data-checked={extra === option}>
              <input type="radio" name={`${id}-extra`} checked={extra === option} onChange={() => setExtra(option)} /> {t(`studio.extra_${option}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {extra === 'poll' ? (
        <fieldset className="form__field" data-testid="poll-options">
          <legend>{t('studio.pollOptions')}</legend>
          {options.map((option, index) => (
            <div key={index} className="list-controls__group">
              <label htmlFor={`${id}-option-${index}`}>{t('studio.pollOption', { index: index + 1 })}</label>
              <input id={`${id}-option-${index}`} maxLength={LIMITS.feed.pollOptionMax} value={option} onChange={(event) => setOptions(options.map((o, i) => (i === index ? event.target.value : o)))} />
              {options.length > LIMITS.feed.pollOptionsMin ? (
                <button type="button" className="button" onClick={() => setOptions(options.filter((_, i) => i !== index))}>
                  {t('studio.removeOption', { index: index + 1 })}
                </button>
              ) : null}
            </div>
          ))}
          {options.length < LIMITS.feed.pollOptionsMax ? (
            <button type="button" className="button" onClick={() => setOptions([...options, ''])}>
              {t('studio.addOption')}
            </button>
          ) : null}
        </fieldset>
      ) : null}
      {extra === 'goal' ? (
        <>
          <div className="form__field">
            <label htmlFor={`${id}-goal-title`}>{t('studio.goalTitle')}</label>
            <input id={`${id}-goal-title`} maxLength={LIMITS.feed.crowdfundingTitleMax} value={goalTitle} onChange={(event) => setGoalTitle(event.target.value)} />
          </div>
          <div className="form__field">
            <label htmlFor={`${id}-goal`}>{t('studio.goalAmount')}</label>
            <input id={`${id}-goal`} inputMode="decimal" value={goal} onChange={(event) => setGoal(event.target.value)} />
          </div>
        </>
      ) : null}
    </>
  );
}
