import { useId, useState, type FormEvent } from 'react';
import type { PayoutSettings } from '@fandeck/contract';
import { useTranslation } from '@fandeck/widgets/i18n';
import { fieldError } from '../../account/section-state.js';
import { SectionOutcome } from '../../account/section-outcome.js';
import { PIX_KEY_TYPES, type PixKeyType } from '../own-profile.js';
import { Field } from '../settings-fields.js';
import { useUnsaved } from '../unsaved-guard.js';
import { useMethodSave } from './method-save.js';

const INPUT_MODE: Record<PixKeyType, 'numeric' | 'email' | 'tel' | 'text'> = { cpf: 'numeric', cnpj: 'numeric', email: 'email', phone: 'tel', random: 'text' };

/** A PIX key and its kind (POST /payout-methods/pix); the server checks the key by its kind. */
export function PixForm({ kind: initialKind, onSaved }: { kind: PixKeyType | null; onSaved: (settings: PayoutSettings) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [kind, setKind] = useState<PixKeyType>(initialKind ?? 'cpf');
  const [key, setKey] = useState('');
  const { state, save, saving } = useMethodSave('pix', onSaved);
  useUnsaved(key.trim() !== '');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (await save({ pixKeyType: kind, pixKey: key }, t('settingsSections.payouts.savedPix'))) setKey('');
  }

  return (
    <form className="form stack" noValidate onSubmit={(event) => void submit(event)} aria-busy={saving} data-state={state.status} data-testid="pix-form">
      <div className="settings__grid">
        <Field id={`${id}-kind`} label={t('creatorSettings.payout.pixKeyType')} error={fieldError(state, 'pixKeyType')}>
          {(control) => (
            <select {...control} name="pixKeyType" value={kind} onChange={(event) => setKind(event.target.value as PixKeyType)}>
              {PIX_KEY_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`creatorSettings.payout.pixTypes.${type}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={`${id}-key`} label={t('creatorSettings.payout.pixKey')} hint={t(`settingsSections.payouts.pixKeyHints.${kind}`)} error={fieldError(state, 'pixKey')}>
          {(control) => <input {...control} name="pixKey" autoComplete="off" inputMode={INPUT_MODE[kind]} value={key} onChange={(event) => setKey(event.target.value)} />}
        </Field>
      </div>
      <SectionOutcome state={state} />
      <button type="submit" className="button button--primary" disabled={saving}>
        {saving ? t('creatorSettings.saving') : t('settingsSections.payouts.savePix')}
      </button>
    </form>
  );
}
