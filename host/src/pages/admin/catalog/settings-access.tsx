import { useState } from 'react';
import type { AdminSettings } from '@fandeck/contract';
import { useTranslation } from '@fandeck/widgets/i18n';
import { CheckField, countOf, SelectField, TextField } from './catalog-fields.js';
import { numberOf, SettingsSection } from './settings-section.js';

interface SectionProps {
  values: AdminSettings;
  onSaved: (values: AdminSettings) => void;
}

/** The free subscription creators may offer: on or off, and how many days it lasts. */
export function FreeSubscriptionSection({ values, onSaved }: SectionProps) {
  const { t } = useTranslation();
  const [enabled, setEnabled] = useState(values.freeSubscriptionEnabled === true);
  const [days, setDays] = useState(String(numberOf(values, 'freeSubscriptionDuration', 1)));
  const label = t('adminCatalog.settings.freeDays');

  function changes(): AdminSettings | string {
    const duration = countOf(days);
    if (duration === null || Number.isNaN(duration) || duration < 1 || duration > 365) return t('adminCatalog.settings.freeDaysRule');
    return { freeSubscriptionEnabled: enabled, freeSubscriptionDuration: duration };
  }

  return (
    <SettingsSection name="settings-free" title={t('adminCatalog.settings.freeTitle')} intro={t('adminCatalog.settings.freeIntro')} labels={{ freeSubscriptionDuration: label }} changes={changes} onSaved={onSaved}>
      <CheckField label={t('adminCatalog.settings.freeEnabled')} name="freeSubscriptionEnabled" checked={enabled} onChange={setEnabled} />
      <TextField label={label} name="freeSubscriptionDuration" inputMode="numeric" value={days} onChange={setDays} />
    </SettingsSection>
  );
}

const tagsOf = (text: string) => [...new Set(text.split(/[\s,;]+/).map((tag) => tag.trim()).filter(Boolean))];

/** The languages the site offers (culture names such as pt-BR) and the one a visitor gets first. */
export function LocalesSection({ values, onSaved }: SectionProps) {
  const { t } = useTranslation();
  const initial = Array.isArray(values.supportedLocales) ? values.supportedLocales.filter((tag): tag is string => typeof tag === 'string') : [];
  const [text, setText] = useState(initial.join(', '));
  const [defaultLocale, setDefault] = useState(typeof values.defaultLocale === 'string' ? values.defaultLocale : 'pt-BR');
  const tags = tagsOf(text);
  const labels = { supportedLocales: t('adminCatalog.settings.locales'), defaultLocale: t('adminCatalog.settings.defaultLocale') };

  function changes(): AdminSettings | string {
    if (tags.length === 0) return t('adminCatalog.required', { field: labels.supportedLocales });
    if (!tags.includes(defaultLocale)) return t('adminCatalog.settings.defaultNotSupported', { locale: defaultLocale });
    return { supportedLocales: tags, defaultLocale };
  }

  return (
    <SettingsSection name="settings-locales" title={t('adminCatalog.settings.localesTitle')} intro={t('adminCatalog.settings.localesIntro')} labels={labels} changes={changes} onSaved={onSaved}>
      <TextField label={labels.supportedLocales} name="supportedLocales" hint={t('adminCatalog.settings.localesHint')} value={text} onChange={setText} />
      <SelectField label={labels.defaultLocale} name="defaultLocale" value={defaultLocale} options={(tags.includes(defaultLocale) ? tags : [defaultLocale, ...tags]).map((tag) => ({ value: tag, label: tag }))} onChange={setDefault} />
    </SettingsSection>
  );
}
