import { useId, useState, type ReactNode } from 'react';
import type { PayoutSettings } from '@fandeck/contract';
import { useTranslation } from '@fandeck/widgets/i18n';
import { askConfirm } from '@fandeck/widgets/ui/ask-confirm';
import { NoticeLine, type Notice } from '../../../components/notice.js';
import { session } from '../../../session/session.js';
import type { BankingSettings } from '../own-profile.js';
import { BankForm } from './bank-form.js';
import type { PayoutMethod } from './method-save.js';
import { PixForm } from './pix-form.js';

/**
 * The creator's payout methods, each a separate entry with its own save and remove: the
 * PIX key and the bank account never erase each other. What is on file shows masked.
 */
export function PayoutMethods({ initial, onChanged }: { initial: PayoutSettings; onChanged: (settings: PayoutSettings) => void }) {
  const { t } = useTranslation();
  const [settings, setSettings] = useState(initial);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const banking = settings.bankingSettings;
  const stored = useStoredRows(banking);
  const changed = (next: PayoutSettings) => {
    setSettings(next);
    onChanged(next);
  };

  async function remove(method: Exclude<PayoutMethod, 'stripe'>, name: string) {
    if (busy || !(await askConfirm(t('settingsSections.payouts.confirmRemove', { method: name }), { tone: 'danger' }))) return;
    setBusy(true);
    const outcome = await session.api.payouts.removeMethod({ id: method });
    setBusy(false);
    if (!outcome.ok) return setNotice({ kind: 'failed', text: outcome.error.message });
    changed(outcome.value);
    setNotice({ kind: 'done', text: t('settingsSections.payouts.removed', { method: name }) });
  }

  const pixName = t('settingsSections.payouts.pixTitle');
  const bankName = t('settingsSections.payouts.bankTitle');
  return (
    <div className="stack">
      <p className="muted">{t('settingsSections.payouts.intro')}</p>
      <NoticeLine notice={notice} />
      <MethodCard title={pixName} testId="payout-pix" stored={stored.pix} onRemove={() => void remove('pix', pixName)} busy={busy}>
        <PixForm kind={banking?.pixKeyType ?? null} onSaved={changed} />
      </MethodCard>
      <MethodCard title={bankName} testId="payout-bank" stored={stored.bank} onRemove={() => void remove('banking', bankName)} busy={busy}>
        <BankForm onSaved={changed} />
      </MethodCard>
    </div>
  );
}

type Rows = [string, string][];

/** What is on file for each method, as label and (masked) value. */
function useStoredRows(banking: BankingSettings | null): { pix: Rows; bank: Rows } {
  const { t } = useTranslation();
  return { pix: pixRows(), bank: bankRows() };

  function pixRows(): Rows {
    if (!banking?.pixKey || !banking.pixKeyType) return [];
  return [
    [t('creatorSettings.payout.pixKeyType'), t(`creatorSettings.payout.pixTypes.${banking.pixKeyType}`)],
    [t('creatorSettings.payout.pixKey'), banking.pixKey],
  ];
}

  function bankRows(): Rows {
    if (!banking?.account) return [];
  const rows: [string, string | null][] = [
    [t('creatorSettings.payout.bankName'), [banking.bankName, banking.bankCode].filter(Boolean).join(' · ') || null],
    [t('creatorSettings.payout.agency'), banking.agency],
    [t('creatorSettings.payout.account'), banking.account],
    [t('creatorSettings.payout.accountType'), banking.accountType ? t(`creatorSettings.payout.accountTypes.${banking.accountType}`) : null],
    [t('creatorSettings.payout.holderName'), banking.holderName],
    [t('creatorSettings.payout.holderDocument'), banking.holderDocument],
  ];
    return rows.filter((row): row is [string, string] => row[1] !== null);
  }
}

interface MethodCardProps {
  title: string;
  testId: string;
  stored: Rows;
  busy: boolean;
  onRemove: () => void;
  children: ReactNode;
}

/** One method: what is on file (or that nothing is), its remove button, and the form that sets or replaces it. */
function MethodCard({ title, testId, stored, busy, onRemove, children }: MethodCardProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section className="settings__group stack" aria-labelledby={`${id}-title`} data-testid={testId} data-stored={stored.length > 0 ? 'true' : 'false'}>
      <h3 id={`${id}-title`}>{title}</h3>
      {stored.length > 0 ? (
        <div className="stack" data-part="stored">
          <h4>{t('settingsSections.payouts.stored')}</h4>
          <dl className="settings__stored">
            {stored.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <p className="muted">{t('settingsSections.payouts.replace')}</p>
          <button type="button" className="button" disabled={busy} onClick={onRemove} aria-label={`${t('settingsSections.payouts.remove')}: ${title}`}>
            {t('settingsSections.payouts.remove')}
          </button>
        </div>
      ) : (
        <p className="muted">{t('settingsSections.payouts.notStored')}</p>
      )}
      {children}
    </section>
  );
}
