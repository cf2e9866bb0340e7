import { useId, useState, type FormEvent } from 'react';
import type { PayoutSettings } from '@fandeck/contract';
import { useTranslation } from '@fandeck/widgets/i18n';
import { fieldError } from '../../account/section-state.js';
import { SectionOutcome } from '../../account/section-outcome.js';
import { ACCOUNT_TYPES } from '../own-profile.js';
import { Field } from '../settings-fields.js';
import { useUnsaved } from '../unsaved-guard.js';
import { useMethodSave } from './method-save.js';

const TEXT_FIELDS = ['bankName', 'bankCode', 'agency', 'account', 'holderName', 'holderDocument'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
type Draft = Record<TextField | 'accountType', string>;
const EMPTY: Draft = { bankName: '', bankCode: '', agency: '', account: '', accountType: '', holderName: '', holderDocument: '' };

const AUTOCOMPLETE: Partial<Record<TextField, string>> = { holderName: 'name' };
const INPUT_MODE: Partial<Record<TextField, 'numeric'>> = { bankCode: 'numeric', agency: 'numeric', account: 'numeric', holderDocument: 'numeric' };
const HINTS = { bankCode: 'bankCodeHint', agency: 'agencyHint', account: 'accountHint' } as const;

/** A Brazilian bank account (POST /payout-methods/banking), every field checked by the server on its own. */
export function BankForm({ onSaved }: { onSaved: (settings: PayoutSettings) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const { state, save, saving } = useMethodSave('banking', onSaved);
  useUnsaved(Object.values(draft).some((value) => value.trim() !== ''));
  const set = (name: keyof Draft, value: string) => setDraft((current) => ({ ...current, [name]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = Object.fromEntries(Object.entries(draft).filter(([, value]) => value.trim() !== ''));
    if (await save(body, t('settingsSections.payouts.savedBank'))) setDraft(EMPTY);
  }

  const text = (name: TextField) => {
    const hint = name in HINTS ? t(`settingsSections.payouts.${HINTS[name as keyof typeof HINTS]}`) : undefined;
    return (
      <Field id={`${id}-${name}`} label={t(`creatorSettings.payout.${name}`)} hint={hint} error={fieldError(state, name)}>
        {(control) => (
          <input
            {...control}
            name={name}
            autoComplete={AUTOCOMPLETE[name] ?? 'off'}
            inputMode={INPUT_MODE[name]}
            value={draft[name]}
            onChange={(event) => set(name, event.target.value)}
          />
        )}
      </Field>
    );
  };

  return (
    <form className="form stack" noValidate onSubmit={(event) => void submit(event)} aria-busy={saving} data-state={state.status} data-testid="bank-form">
      <div className="settings__grid">
        {text('bankName')}
        {text('bankCode')}
        {text('agency')}
        {text('account')}
        <Field id={`${id}-accountType`} label={t('creatorSettings.payout.accountType')} error={fieldError(state, 'accountType')}>
          {(control) => (
            <select {...control} name="accountType" value={draft.accountType} onChange={(event) => set('accountType', event.target.value)}>
              <option value="" />
              {ACCOUNT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`creatorSettings.payout.accountTypes.${type}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {text('holderName')}
        {text('holderDocument')}
      </div>
      <SectionOutcome state={state} />
      <button type="submit" className="button button--primary" disabled={saving}>
        {saving ? t('creatorSettings.saving') : t('settingsSections.payouts.saveBank')}
      </button>
    </form>
  );
}
