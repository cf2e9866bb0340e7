import { Suspense } from 'react';
import { useNamespaces, useTranslation } from '@fandeck/widgets/i18n';
import { PageStatus } from '../../components/page-status.js';
import { IdentityDocuments } from './identity-documents.js';
import { useOwnProfile } from './own-profile.js';
import { PayoutSettings } from './payout-settings.js';
import { ProfileSection } from './profile-form.js';
import { WelcomeVideoSection } from './welcome-video.js';

/**
 * The creator's profile settings under the account form on /creator/account: profile,
 * welcome video, ID documents and payouts, all read from GET /performers/me. Its texts
 * load on their own, so the account form above shows meanwhile.
 */
export function CreatorSettings() {
  return (
    <Suspense fallback={<PageStatus kind="loading" />}>
      <CreatorSettingsSections />
    </Suspense>
  );
}

function CreatorSettingsSections() {
  // `studio` for the shared upload progress, `ui` for the video player.
  useNamespaces('creatorSettings', 'studio', 'ui');
  const { t } = useTranslation();
  const { state, reload, retry } = useOwnProfile();
  return (
    <div className="settings stack" data-testid="creator-settings">
      <h2 className="settings__title">{t('creatorSettings.title')}</h2>
      {state.status === 'loading' ? <PageStatus kind="loading" /> : null}
      {state.status === 'failed' ? <PageStatus kind="error" message={`${t('creatorSettings.loadFailed')} ${state.message}`} onRetry={retry} /> : null}
      {state.status === 'ready' ? (
        <>
          <ProfileSection profile={state.value} onSaved={() => void reload()} />
          <WelcomeVideoSection video={state.value.welcomeVideo} reload={reload} />
          <IdentityDocuments verified={state.value.verifiedDocument} onSent={() => void reload()} />
          <PayoutSettings profile={state.value} onSaved={() => void reload()} />
        </>
      ) : null}
    </div>
  );
}
