import { Link } from 'react-router';
import { useTranslation } from '@fandeck/widgets/i18n';
import { PageStatus } from '../../components/page-status.js';
import { PictureUpload } from '../../components/picture-upload.js';
import { session, type CurrentUser } from '../../session/session.js';
import { AccountSections } from '../account-pages.js';
import { StudioBlocked } from '../studio/studio-blocked.js';
import { BlockedCountries } from './blocked-countries.js';
import { EmbedSites } from './embeds/embed-sites.js';
import { EmbedSnippets } from './embeds/embed-snippets.js';
import { IdentityDocuments } from './identity-documents.js';
import { useOwnProfile, type OwnProfile } from './own-profile.js';
import { PayoutSettings } from './payout-settings.js';
import { ProfileSection } from './profile-form.js';
import type { SettingsSection } from './settings-nav.js';
import { WelcomeVideoSection } from './welcome-video.js';

/** One section's content; those about the creator's profile read GET /performers/me first. */
export function SettingsSectionBody({ section, user }: { section: SettingsSection; user: CurrentUser }) {
  if (section === 'account') return <AccountSection user={user} />;
  if (section === 'blocks') return <BlocksSection />;
  if (section === 'embeds') {
    return (
      <>
        <EmbedSites />
        <EmbedSnippets />
      </>
    );
  }
  return <ProfileSections section={section} />;
}

function AccountSection({ user }: { user: CurrentUser }) {
  return (
    <div className="account-settings stack">
      <PictureUpload upload={session.api.performers.avatarUpload.upload} which="avatar" current={user.avatar ?? null} />
      <PictureUpload upload={session.api.performers.coverUpload.upload} which="cover" current={user.cover ?? null} />
      <AccountSections user={user} source="performer" />
    </div>
  );
}

function BlocksSection() {
  const { t } = useTranslation();
  return (
    <>
      <section className="stack" data-testid="blocks-countries">
        <h3>{t('settingsSections.blocks.countriesTitle')}</h3>
        <BlockedCountries />
      </section>
      <section className="stack" data-testid="blocks-users">
        <h3>{t('settingsSections.blocks.usersTitle')}</h3>
        <StudioBlocked />
      </section>
    </>
  );
}

type ProfileBacked = Exclude<SettingsSection, 'account' | 'blocks' | 'embeds'>;

function ProfileSections({ section }: { section: ProfileBacked }) {
  const { t } = useTranslation();
  const { state, reload, retry } = useOwnProfile();
  if (state.status === 'loading') return <PageStatus kind="loading" />;
  if (state.status === 'failed') return <PageStatus kind="error" message={`${t('creatorSettings.loadFailed')} ${state.message}`} onRetry={retry} />;
  return <ProfileBackedSection section={section} profile={state.value} reload={reload} />;
}

function ProfileBackedSection({ section, profile, reload }: { section: ProfileBacked; profile: OwnProfile; reload: () => Promise<void> }) {
  const { t } = useTranslation();
  const saved = () => void reload();
  switch (section) {
    case 'profile':
    case 'prices':
    case 'calls':
      return <ProfileSection profile={profile} part={section} onSaved={saved} />;
    case 'messages':
      return (
        <>
          <WelcomeVideoSection video={profile.welcomeVideo} reload={reload} />
          <section className="settings__section stack" data-testid="message-links">
            <p className="muted">{t('settingsSections.messages.intro')}</p>
            <ul className="stack">
              <li>
                <Link to="/creator/messages/auto">{t('settingsSections.messages.auto')}</Link>
              </li>
              <li>
                <Link to="/creator/messages/templates">{t('settingsSections.messages.templates')}</Link>
              </li>
              <li>
                <Link to="/creator/messages/mass">{t('settingsSections.messages.mass')}</Link>
              </li>
            </ul>
          </section>
        </>
      );
    case 'payouts':
      return <PayoutSettings profile={profile} onSaved={saved} />;
    case 'documents':
      return <IdentityDocuments verified={profile.verifiedDocument} onSent={saved} />;
  }
}
