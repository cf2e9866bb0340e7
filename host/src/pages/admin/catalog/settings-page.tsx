import { useRef, useState } from 'react';
import { LIMITS, type AdminSettings } from '@fandeck/contract';
import { useNamespaces, useTranslation } from '@fandeck/widgets/i18n';
import { askConfirm } from '@fandeck/widgets/ui/ask-confirm';
import { FileUploadStatus, useFileUpload } from '../../../components/file-upload.js';
import { session, useSignalValue } from '../../../session/session.js';
import { NoticeLine } from '../../../components/notice.js';
import { TextField } from './catalog-fields.js';
import { CatalogHead } from './catalog-page.js';
import { FreeSubscriptionSection, LocalesSection } from './settings-access.js';
import { CommissionsSection, LimitsSection } from './settings-money.js';
import { SettingsGate, SettingsSection, useAdminSettings } from './settings-section.js';

/**
 * /admin/settings: the site's settings in sections, each saved on its own: name and logo,
 * maintenance, price limits, commissions, free subscription and languages.
 */
export function SiteSettingsPage() {
  useNamespaces('adminCatalog', 'studio');
  const { t } = useTranslation();
  const settings = useAdminSettings();
  return (
    <section className="catalog catalog--settings" data-testid="admin-settings" aria-labelledby="admin-settings-title">
      <CatalogHead id="admin-settings-title" title={t('adminCatalog.settings.title')} intro={t('adminCatalog.settings.intro')} />
      <SettingsGate settings={settings}>
        {(values) => (
          <div className="settings-grid">
            <MaintenanceSection values={values} onSaved={settings.replace} />
            <GeneralSection values={values} onSaved={settings.replace} />
            <LimitsSection values={values} onSaved={settings.replace} />
            <CommissionsSection values={values} onSaved={settings.replace} />
            <FreeSubscriptionSection values={values} onSaved={settings.replace} />
            <LocalesSection values={values} onSaved={settings.replace} />
          </div>
        )}
      </SettingsGate>
    </section>
  );
}

interface SectionProps {
  values: AdminSettings;
  onSaved: (values: AdminSettings) => void;
}

/** Maintenance on or off, switched at once after a confirmation: visitors then see the maintenance page; staff keep the site. */
function MaintenanceSection({ values, onSaved }: SectionProps) {
  const { t } = useTranslation();
  const on = values.maintenanceMode === true;
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function flip() {
    if (!(await askConfirm(t(on ? 'adminCatalog.settings.maintenanceConfirmOff' : 'adminCatalog.settings.maintenanceConfirmOn'), on ? {} : { tone: 'danger' }))) return;
    setBusy(true);
    const outcome = await session.api.admin.settings.update({ maintenanceMode: !on });
    setBusy(false);
    setFailure(outcome.ok ? null : outcome.error.message);
    if (outcome.ok) {
      onSaved(outcome.value);
      void session.settings.load();
    }
  }

  return (
    <section className="card stack settings-card settings-card--maintenance" data-testid="settings-maintenance" data-on={on} aria-labelledby="settings-maintenance-title">
      <h2 id="settings-maintenance-title">{t('adminCatalog.settings.maintenanceTitle')}</h2>
      <p className="settings-state" role="status">
        <span className={on ? 'badge' : 'badge badge--off'}>{on ? t('adminCatalog.settings.maintenanceOn') : t('adminCatalog.settings.maintenanceOff')}</span>
      </p>
      <p className="muted">{t('adminCatalog.settings.maintenanceIntro')}</p>
      <NoticeLine notice={failure ? { kind: 'failed', text: failure } : null} />
      <div className="tools-actions">
        <button type="button" className={on ? 'button button--primary' : 'button button--danger'} disabled={busy} onClick={() => void flip()}>
          {on ? t('adminCatalog.settings.maintenanceSwitchOff') : t('adminCatalog.settings.maintenanceSwitchOn')}
        </button>
      </div>
    </section>
  );
}

/** The site's name and its logo (uploaded, shown at once in the header). */
function GeneralSection({ values, onSaved }: SectionProps) {
  const { t } = useTranslation();
  const [siteName, setSiteName] = useState(typeof values.siteName === 'string' ? values.siteName : '');
  const label = t('adminCatalog.settings.siteName');
  return (
    <SettingsSection
      name="settings-general"
      title={t('adminCatalog.settings.generalTitle')}
      labels={{ siteName: label }}
      changes={() => (siteName.trim() ? { siteName: siteName.trim() } : t('adminCatalog.required', { field: label }))}
      onSaved={onSaved}
    >
      <TextField label={label} name="siteName" maxLength={LIMITS.catalog.siteNameMax} value={siteName} onChange={setSiteName} />
      <LogoUpload onSaved={onSaved} />
    </SettingsSection>
  );
}

/** The logo as the site shows it (the public settings' absolute address), and a picker that replaces it. */
function LogoUpload({ onSaved }: { onSaved: (values: AdminSettings) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const upload = useFileUpload();
  const publicLogo = useSignalValue(session.settings.values)?.logo;
  const [uploaded, setShown] = useState<string | null>(null);
  const shown = uploaded ?? (typeof publicLogo === 'string' ? publicLogo : '');

  async function send(file: File) {
    const form = new FormData();
    form.append('file', file, file.name);
    const outcome = await upload.send((options) => session.api.admin.settings.logoUpload.upload({ which: 'logo' }, options), form);
    if (input.current) input.current.value = '';
    if (!outcome?.ok) return;
    setShown(outcome.value.url);
    void session.settings.load();
    const all = await session.api.admin.settings.get();
    if (all.ok) onSaved(all.value);
  }

  return (
    <div className="form__field settings-logo">
      <span>{t('adminCatalog.settings.logo')}</span>
      <div className="settings-logo__preview">{shown ? <img src={shown} alt={t('adminCatalog.settings.logoAlt')} data-testid="logo-preview" /> : null}</div>
      <label htmlFor="settings-logo-file">{t('adminCatalog.settings.logoPick')}</label>
      <input
        ref={input}
        id="settings-logo-file"
        type="file"
        name="logo"
        accept="image/jpeg,image/png,image/webp,image/gif"
        disabled={upload.busy}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void send(file);
        }}
      />
      <small className="muted">{t('adminCatalog.settings.logoHint')}</small>
      <FileUploadStatus state={upload.state} onCancel={upload.cancel} />
    </div>
  );
}
