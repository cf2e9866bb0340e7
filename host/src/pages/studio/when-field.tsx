import { useId, useState } from 'react';
import { useTranslation } from '@fandeck/widgets/i18n';

export type When = 'now' | 'schedule' | 'draft';

/** A `datetime-local` value (the browser's local time) of an ISO date. */
function localValue(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const shifted = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
}

/**
 * Publish now, schedule or keep as a draft: the state of a studio form's last choice.
 * `body()` is what it sends (`status` and, when scheduled, `scheduledAt`), or a problem.
 */
export function useWhen(initial?: { status: string; scheduledAt?: string | null }) {
  const future = initial?.scheduledAt && new Date(initial.scheduledAt).getTime() > Date.now();
  const [when, setWhen] = useState<When>(initial?.status === 'draft' ? 'draft' : future ? 'schedule' : 'now');
  const [at, setAt] = useState(future ? localValue(initial?.scheduledAt) : '');
  function body(): { ok: true; value: { status: 'active' | 'draft'; scheduledAt?: string } } | { ok: false } {
    if (when === 'draft') return { ok: true, value: { status: 'draft' } };
    // Publishing now what was scheduled moves its date to now.
    if (when === 'now') return { ok: true, value: future ? { status: 'active', scheduledAt: new Date().toISOString() } : { status: 'active' } };
    const date = at ? new Date(at) : null;
    if (!date || Number.isNaN(date.getTime()) || date.getTime() <= Date.now()) return { ok: false };
    return { ok: true, value: { status: 'active', scheduledAt: date.toISOString() } };
  }
  const reset = () => {
    setWhen('now');
    setAt('');
  };
  return { when, setWhen, at, setAt, body, reset };
}

export type WhenState = ReturnType<typeof useWhen>;

/** The three choices as one segmented control, and the date when scheduling. */
export function WhenField({ state }: { state: WhenState }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <>
      <fieldset className="form__field segmented">
        <legend>{t('studio.when')}</legend>
        <div className="segmented__options">
          {(['now', 'schedule', 'draft'] as const).map((option) => (
            <label key={option} className="segmented__option" data-checked={state.when === option}>
              <input type="radio" name={`${id}-when`} value={option} checked={state.when === option} onChange={() => state.setWhen(option)} /> {t(`studio.${option}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {state.when === 'schedule' ? (
        <div className="form__field">
          <label htmlFor={`${id}-at`}>{t('studio.scheduledAt')}</label>
          <input id={`${id}-at`} type="datetime-local" value={state.at} onChange={(event) => state.setAt(event.target.value)} />
        </div>
      ) : null}
    </>
  );
}
