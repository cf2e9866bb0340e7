import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@fandeck/widgets/i18n';
import { session } from '../../session/session.js';
import { ACCOUNT_TYPES, PIX_KEY_TYPES, refusedFields, type BankingSettings, type PixKeyType } from './own-profile.js';
import { errorFor, Field, SaveStatus, type SaveState } from './settings-fields.js';

const TEXT_FIELDS = ['pixKey', 'bankName', 'bankCode', 'agency', 'account', 'holderName', 'holderDocument'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
const BANK_FIELDS = ['bankName', 'bankCode', 'agency', 'account', 'accountType', 'holderName', 'holderDocument'] as const;
const SHOWN = new Set<string>(['pixKeyType', ...TEXT_FIELDS, 'accountType']);

type Draft = Record<TextField, string> & { pixKeyType: PixKeyType; accountType: string };

const AUTOCOMPLETE: Partial<Record<TextField, string>> = { holderName: 'name' };
const INPUT_MODE: Partial<Record<TextField, 'numeric'>> = { bankCode: 'numeric', agency: 'numeric', account: 'numeric' };

export interface BankingSettingsFormProps {
  stored: BankingSettings | null;
  onSaved: () => void;
}

/**
 * Where the creator is paid (PUT /performers/banking-settings). Saving replaces what is
 * stored; the server answers it masked, so the form starts empty and shows the stored set.
 */
export function BankingSettingsForm({ stored: initial, onSaved }: BankingSettingsFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [stored, setStored] = useState(initial);
  const [draft, setDraft] = useState<Draft>(() => ({
    ...(Object.fromEntries(TEXT_FIELDS.map((name) => [name, ''])) as Record<TextField, string>),
    pixKeyType: initial?.pixKeyType ?? 'cpf',
    accountType: '',
  }));
  const [save, setSave] = useState<SaveState>({ status: 'idle' });
  const saving = save.status === 'saving';
  const set = (name: keyof Draft, value: string) => setDraft((current) => ({ ...current, [name]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const body: Record<string, string> = {};
    if (draft.pixKey.trim()) Object.assign(body, { pixKeyType: draft.pixKeyType, pixKey: draft.pixKey.trim() });
    for (const name of BANK_FIELDS) if (draft[name].trim()) body[name] = draft[name].trim();
    if (Object.keys(body).length === 0) return setSave({ status: 'failed', message: t('creatorSettings.payout.nothingToSave'), fields: [] });
    setSave({ status: 'saving' });
    const outcome = await session.api.performers.bankingSettings(body);
    if (!outcome.ok) return setSave({ status: 'failed', message: outcome.error.message, fields: refusedFields(outcome.error).filter((name) => SHOWN.has(name)) });
    setStored(outcome.value);
    setDraft((current) => ({ ...current, pixKey: '', account: '', holderDocument: '' }));
    setSave({ status: 'saved' });
    onSaved();
  }

  const text = (name: TextField) => (
    <Field id={`${id}-${name}`} label={t(`creatorSettings.payout.${name}`)} error={errorFor(save, name)}>
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

  return (
    <div className="stack" data-testid="banking-settings">
      <h3>{t('creatorSettings.payout.bankingTitle')}</h3>
      <StoredBanking stored={stored} />
      <form className="form stack" noValidate onSubmit={(event) => void submit(event)} aria-busy={saving} data-state={save.status}>
        <p className="muted">{t('creatorSettings.payout.bankingHint')}</p>
        <div className="settings__grid">
          <Field id={`${id}-pixKeyType`} label={t('creatorSettings.payout.pixKeyType')} error={errorFor(save, 'pixKeyType')}>
            {(control) => (
              <select {...control} name="pixKeyType" value={draft.pixKeyType} onChange={(event) => set('pixKeyType', event.target.value)}>
                {PIX_KEY_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`creatorSettings.payout.pixTypes.${type}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {text('pixKey')}
        </div>
        <div className="settings__grid">
          {text('bankName')}
          {text('bankCode')}
          {text('agency')}
          {text('account')}
          <Field id={`${id}-accountType`} label={t('creatorSettings.payout.accountType')} error={errorFor(save, 'accountType')}>
            {(control) => (
              <select {...control} name="accountType" value={draft.accountType} onChange={(event) => set('accountType', event.target.value)}>
                <option value="">{t('creatorSettings.none')}</option>
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
        <SaveStatus state={save} />
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? t('creatorSettings.saving') : t('creatorSettings.save')}
        </button>
      </form>
    </div>
  );
}

/** What is stored now, as the server answers it: numbers masked but their last 4. */
function StoredBanking({ stored }: { stored: BankingSettings | null }) {
  const { t } = useTranslation();
  if (!stored || (!stored.pixKey && !stored.account)) return <p className="muted">{t('creatorSettings.payout.noneStored')}</p>;
  const rows: [string, string | null][] = [
    [t('creatorSettings.payout.pixKeyType'), stored.pixKeyType ? t(`creatorSettings.payout.pixTypes.${stored.pixKeyType}`) : null],
    [t('creatorSettings.payout.pixKey'), stored.pixKey],
    [t('creatorSettings.payout.bankName'), [stored.bankName, stored.bankCode].filter(Boolean).join(' · ') || null],
    [t('creatorSettings.payout.agency'), stored.agency],
    [t('creatorSettings.payout.account'), stored.account],
    [t('creatorSettings.payout.accountType'), stored.accountType ? t(`creatorSettings.payout.accountTypes.${stored.accountType}`) : null],
    [t('creatorSettings.payout.holderName'), stored.holderName],
    [t('creatorSettings.payout.holderDocument'), stored.holderDocument],
  ];
  return (
    <div data-testid="banking-stored">
      <h4>{t('creatorSettings.payout.stored')}</h4>
      <dl className="settings__stored">
        {rows
          .filter((row): row is [string, string] => row[1] !== null)
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
    </div>
  );
}
