import { Suspense } from 'react';
import { useNamespaces, useTranslation } from '@fandeck/widgets/i18n';
import { PageStatus } from '../components/page-status.js';
import { PictureUpload } from '../components/picture-upload.js';
import { isAccountComplete } from '../routing/redirects.js';
import { session, useSignalValue, type CurrentUser } from '../session/session.js';
import { EmailSection } from './account/email-section.js';
import { NotificationTypesSection } from './account/notification-types-section.js';
import { PasswordSection } from './account/password-section.js';
import { NotificationsSection, PreferencesSection } from './account/preferences-section.js';
import { ProfileSection } from './account/profile-section.js';

interface AccountSectionsProps {
  user: CurrentUser;
  source: 'user' | 'performer';
}

/**
 * The account's settings, one section each with its own save: profile (name, username),
 * email (changed through the new address's link), password, language and theme, browser
 * notifications. Their texts load with the page, so the title shows meanwhile.
 */
export function AccountSections({ user, source }: AccountSectionsProps) {
  useNamespaces('accountSettings');
  return (
    <>
      <ProfileSection key={user._id} user={user} />
      <EmailSection user={user} />
      <PasswordSection source={source} />
      <PreferencesSection />
      <NotificationsSection />
      <NotificationTypesSection />
    </>
  );
}

export function AccountHeading({ id, title, intro }: { id: string; title: string; intro: string }) {
  return (
    <>
      <h1 id={id}>{title}</h1>
      <p className="muted">{intro}</p>
    </>
  );
}

/** /user/account: a fan's account settings; while username or email is missing, its completion first. */
export function UserAccountPage() {
  const { t } = useTranslation();
  const user = useSignalValue(session.user.current);
  if (!user) return null;
  const complete = isAccountComplete(user);
  return (
    <section className="card card--wide account-settings" aria-labelledby="user-account-title" data-testid="user-account">
      <AccountHeading id="user-account-title" title={complete ? t('account.settingsTitle') : t('account.userTitle')} intro={complete ? t('account.settingsIntro') : t('account.intro')} />
      <PictureUpload upload={session.api.users.avatarUpload.upload} which="avatar" current={user.avatar ?? null} />
      <Suspense fallback={<PageStatus kind="loading" />}>
        <AccountSections user={user} source="user" />
      </Suspense>
    </section>
  );
}
