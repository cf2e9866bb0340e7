import { useState } from 'react';
import type { AdminSettings } from '@fandeck/contract';
import { amountText } from '@fandeck/widgets/format/money';
import { useTranslation } from '@fandeck/widgets/i18n';
import { amountOf, TextField } from './catalog-fields.js';
import { numberOf, SettingsSection } from './settings-section.js';

/** The price limits the server enforces on creators and fans, as min/max pairs (a payout has a minimum only). */
const LIMIT_PAIRS = [
  { label: 'subscription', min: 'minSubscriptionPrice', max: 'maxSubscriptionPrice' },
  { label: 'yearly', min: 'minYearlySubscriptionPrice', max: 'maxYearlySubscriptionPrice' },
  { label: 'topUp', min: 'minTopupWalletAmount', max: 'maxTopupWalletAmount' },
  { label: 'tip', min: 'minTipAmount', max: 'maxTipAmount' },
  { label: 'payout', min: 'minPayoutAmount', max: null },
] as const;
type LimitKey = (typeof LIMIT_PAIRS)[number]['min'] | NonNullable<(typeof LIMIT_PAIRS)[number]['max']>;
const LIMIT_KEYS: LimitKey[] = LIMIT_PAIRS.flatMap((pair): LimitKey[] => (pair.max ? [pair.min, pair.max] : [pair.min]));
const COMMISSION_KEYS = ['performerCommission', 'performerReferralCommission', 'userReferralCommission'] as const;
type CommissionKey = (typeof COMMISSION_KEYS)[number];

interface SectionProps {
  values: AdminSettings;
  onSaved: (values: AdminSettings) => void;
}

/** Typed texts by key, started from the settings. */
function useTexts(keys: readonly string[], toText: (value: number) => string, values: AdminSettings) {
  const [texts, setTexts] = useState<Record<string, string>>(() => Object.fromEntries(keys.map((key) => [key, toText(numberOf(values, key))])));
  const set = (key: string) => (text: string) => setTexts((before) => ({ ...before, [key]: text }));
  return { texts, set };
}

/** Price limits: a creator's prices, top-ups, tips and payouts outside them are refused by the server. */
export function LimitsSection({ values, onSaved }: SectionProps) {
  const { t, i18n } = useTranslation();
  const { texts, set } = useTexts(LIMIT_KEYS, (n) => amountText(n, i18n.language), values);
  const labelOf = (key: LimitKey) => t(`adminCatalog.settings.limits.${key}`);
  const labels: Record<string, string> = Object.fromEntries(LIMIT_KEYS.map((key) => [key, labelOf(key)]));

  function changes(): AdminSettings | string {
    const body: Record<string, number> = {};
    for (const key of LIMIT_KEYS) {
      const amount = amountOf(texts[key] ?? '');
      if (amount === null) return t('adminCatalog.amountRule', { field: labelOf(key) });
      body[key] = amount;
    }
    for (const pair of LIMIT_PAIRS) {
      if (pair.max && body[pair.min]! > body[pair.max]!) return t('adminCatalog.settings.minAboveMax', { min: labelOf(pair.min), max: labelOf(pair.max) });
    }
    return body;
  }

  return (
    <SettingsSection name="settings-limits" title={t('adminCatalog.settings.limitsTitle')} intro={t('adminCatalog.settings.limitsIntro')} labels={labels} changes={changes} onSaved={onSaved}>
      {LIMIT_PAIRS.map((pair) => (
        <fieldset key={pair.label} className="catalog-form__pair settings-pair">
          <legend>{t(`adminCatalog.settings.limitGroups.${pair.label}`)}</legend>
          <TextField label={labelOf(pair.min)} name={pair.min} inputMode="decimal" value={texts[pair.min] ?? ''} onChange={set(pair.min)} />
          {pair.max ? <TextField label={labelOf(pair.max)} name={pair.max} inputMode="decimal" value={texts[pair.max] ?? ''} onChange={set(pair.max)} /> : null}
        </fieldset>
      ))}
    </SettingsSection>
  );
}

/** The platform's commission on creators' earnings and the referral commissions, typed as percentages. */
export function CommissionsSection({ values, onSaved }: SectionProps) {
  const { t, i18n } = useTranslation();
  const { texts, set } = useTexts(COMMISSION_KEYS, (n) => amountText(Math.round(n * 10000) / 100, i18n.language), values);
  const labelOf = (key: CommissionKey) => t(`adminCatalog.settings.commissions.${key}`);
  const labels: Record<string, string> = Object.fromEntries(COMMISSION_KEYS.map((key) => [key, labelOf(key)]));

  function changes(): AdminSettings | string {
    const body: Record<string, number> = {};
    for (const key of COMMISSION_KEYS) {
      const percent = amountOf(texts[key] ?? '');
      if (percent === null || percent > 100) return t('adminCatalog.settings.percentRule', { field: labelOf(key) });
      body[key] = Math.round(percent * 100) / 10000;
    }
    return body;
  }

  return (
    <SettingsSection name="settings-commissions" title={t('adminCatalog.settings.commissionsTitle')} intro={t('adminCatalog.settings.commissionsIntro')} labels={labels} changes={changes} onSaved={onSaved}>
      {COMMISSION_KEYS.map((key) => (
        <TextField key={key} label={`${labelOf(key)} (%)`} name={key} inputMode="decimal" value={texts[key] ?? ''} onChange={set(key)} />
      ))}
    </SettingsSection>
  );
}
