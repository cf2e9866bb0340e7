import { Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { useNamespaces, useTranslation } from '@fandeck/widgets/i18n';
import { PageStatus } from '../../components/page-status.js';
import { isAccountComplete } from '../../routing/redirects.js';
import { session, useSignalValue } from '../../session/session.js';
import { isSettingsSection, sectionPath, SETTINGS_SECTIONS, type SettingsSection } from './settings-nav.js';
import { SettingsSectionBody } from './settings-sections.js';
import { UnsavedGuard } from './unsaved-guard.js';

/**
 * /creator/account and /creator/account/<section>: the creator's settings in sections,
 * each with its own save. On a phone the bare address is the list of sections and a
 * section opens alone (with a way back); on a laptop the list is a side nav beside the
 * open section (the account's first). Leaving a section with unsaved edits asks first.
 */
export function CreatorAccountPage() {
  useNamespaces('settingsSections', 'accountSettings', 'creatorSettings', 'studio', 'ui');
  const { t } = useTranslation();
  const user = useSignalValue(session.user.current);
  const { section: wanted } = useParams();
  if (!user) return null;
  const complete = isAccountComplete(user);
  // A creator still completing the account is shown that section straight away.
  const chosen = isSettingsSection(wanted) ? wanted : null;
  const open: SettingsSection = chosen ?? 'account';
  const state = chosen || !complete ? 'section' : 'list';
  return (
    <section className="card card--wide creator-settings" aria-labelledby="creator-settings-title" data-testid="creator-account" data-state={state}>
      <h1 id="creator-settings-title">{complete ? t('settingsSections.title') : t('account.creatorTitle')}</h1>
      {complete ? null : <p className="muted">{t('account.creatorIntro')}</p>}
      <div className="creator-settings__layout">
        <SectionNav open={chosen} />
        <div className="creator-settings__body stack" data-section={open}>
          <Link className="creator-settings__back" to="/creator/account">
            ← {t('settingsSections.back')}
          </Link>
          <h2>{t(`settingsSections.sections.${open}.title`)}</h2>
          <UnsavedGuard>
            <Suspense fallback={<PageStatus kind="loading" />}>
              <SettingsSectionBody key={`${open}-${user._id}`} section={open} user={user} />
            </Suspense>
          </UnsavedGuard>
        </div>
      </div>
    </section>
  );
}

/** The sections as a list of links, each with what it holds; the open one marked (on a laptop's bare address, the account shown beside). */
function SectionNav({ open }: { open: SettingsSection | null }) {
  const { t } = useTranslation();
  return (
    <nav className="creator-settings__nav" aria-label={t('settingsSections.navLabel')}>
      <ul>
        {SETTINGS_SECTIONS.map((section) => (
          <li key={section}>
            <Link to={sectionPath(section)} aria-current={section === open ? 'page' : undefined} data-default={open === null && section === 'account' ? 'true' : undefined} data-section={section}>
              <strong>{t(`settingsSections.sections.${section}.title`)}</strong>
              <small className="muted">{t(`settingsSections.sections.${section}.hint`)}</small>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
