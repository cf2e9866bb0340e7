import { LIMITS } from '@fandeck/contract';
import { formatMoney, parseAmount } from '@fandeck/widgets/format/money';
import { useTranslation } from '@fandeck/widgets/i18n';
import { session, useSignalValue, type PublicSettings } from '../../session/session.js';
import type { ProfileDraft, SetDraft } from './profile-draft.js';
import { errorFor, Field, type SaveState } from './settings-fields.js';

export const PRICE_FIELDS = ['monthlyPrice', 'quarterlyPrice', 'halfYearlyPrice', 'yearlyPrice'] as const;
export type PriceField = (typeof PRICE_FIELDS)[number];
/** The upper limit of a private call's price, in decimal units; 0 is a free call. */
const PRIVATE_CALL_MAX = LIMITS.profile.privateCallPriceMaxCents / 100;

const number = (settings: PublicSettings | null, key: string): number | null => {
  const value = settings?.[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
};

/** The limits the public settings carry (settings.routes.ts); the yearly price has its own. */
function limitsOf(settings: PublicSettings | null, field: PriceField): { min: number; max: number } | null {
  const min = field === 'yearlyPrice' ? number(settings, 'minYearlySubscriptionPrice') : number(settings, 'minimumSubscriptionPrice');
  const max = field === 'yearlyPrice' ? number(settings, 'maxYearlySubscriptionPrice') : number(settings, 'maximumSubscriptionPrice');
  return min !== null && max !== null ? { min, max } : null;
}

export interface PriceFieldsProps {
  id: string;
  draft: ProfileDraft;
  set: SetDraft;
  save: SaveState;
}

/** The four subscription prices, each with the range the platform allows, and the free period. */
export function SubscriptionPrices({ id, draft, set, save }: PriceFieldsProps) {
  const { t, i18n } = useTranslation();
  const settings = useSignalValue(session.settings.values);
  return (
    <>
      <fieldset className="settings__group">
        <legend>{t('creatorSettings.profile.pricesTitle')}</legend>
        <div className="settings__grid">
          {PRICE_FIELDS.map((field) => {
            const limits = limitsOf(settings, field);
            return (
              <Field
                key={field}
                id={`${id}-${field}`}
                label={t(`creatorSettings.profile.${field}`)}
                hint={limits ? t('creatorSettings.profile.priceRange', { min: formatMoney(limits.min, i18n.language), max: formatMoney(limits.max, i18n.language) }) : undefined}
                error={errorFor(save, field)}
              >
                {(control) => <input {...control} name={field} inputMode="decimal" autoComplete="off" value={draft[field]} onChange={(event) => set(field, event.target.value)} />}
              </Field>
            );
          })}
        </div>
      </fieldset>
      <fieldset className="settings__group">
        <legend>{t('creatorSettings.profile.freeTitle')}</legend>
        <label className="form__check">
          <input type="checkbox" name="freeSubscriptionEnabled" checked={draft.freeEnabled} onChange={(event) => set('freeEnabled', event.target.checked)} />{' '}
          {t('creatorSettings.profile.freeEnabled')}
        </label>
        {draft.freeEnabled ? (
          <Field id={`${id}-freeDays`} label={t('creatorSettings.profile.freeDays')} error={errorFor(save, 'freeSubscriptionDays')}>
            {(control) => (
              <input {...control} name="freeSubscriptionDays" type="number" min={LIMITS.profile.freeSubscriptionDaysMin} max={LIMITS.profile.freeSubscriptionDaysMax} step={1} value={draft.freeDays} onChange={(event) => set('freeDays', event.target.value)} />
            )}
          </Field>
        ) : null}
      </fieldset>
    </>
  );
}

/** The private call's price: a fan pays it for each call (0 only when the creator chooses free calls). */
export function PrivateCallPrice({ id, draft, set, save }: PriceFieldsProps) {
  const { t, i18n } = useTranslation();
  const amount = parseAmount(draft.privateCallPrice);
  return (
    <>
      <p className="muted">{t('settingsSections.calls.intro')}</p>
      <Field
        id={`${id}-privateCallPrice`}
        label={t('creatorSettings.profile.privateCallPrice')}
        hint={t('creatorSettings.profile.privateCallRange', { max: formatMoney(PRIVATE_CALL_MAX, i18n.language) })}
        error={errorFor(save, 'privateCallPrice')}
      >
        {(control) => (
          <input {...control} name="privateCallPrice" inputMode="decimal" autoComplete="off" value={draft.privateCallPrice} onChange={(event) => set('privateCallPrice', event.target.value)} />
        )}
      </Field>
      {amount.ok && amount.value === 0 ? <p className="muted" data-testid="calls-free">{t('settingsSections.calls.free')}</p> : null}
    </>
  );
}
