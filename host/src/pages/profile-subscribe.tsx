import { Suspense, useEffect } from 'react';
import { useNamespaces, useTranslation } from '@fandeck/widgets/i18n';
import { FanSubscribe, type FanSubscribeProps } from '@fandeck/widgets/subscribe/fan-subscribe';
import '@fandeck/widgets/kit/base.css';
import '@fandeck/widgets/ui/form-controls.css';
import '@fandeck/widgets/subscribe/fan-subscribe.css';
import { PageStatus } from '../components/page-status.js';
import type { PerformerProfile } from '../data/performers.js';
import { session, useSignalValue } from '../session/session.js';

/** The section's id: the profile's "Plans" link and the platform links of lists elsewhere (`/{creator}#plans`) point here. */
const SECTION_ID = 'plans';

/**
 * Brings the subscribe section forward ("Subscribe to see" on a locked item of this
 * profile): scrolled into view, with the keyboard on its subscribe button, else on the section.
 */
export function showSubscribe(): void {
  const section = document.getElementById(SECTION_ID);
  if (!section) return;
  section.scrollIntoView({ block: 'start' });
  (section.querySelector<HTMLElement>('[part~="button"]') ?? section).focus({ preventScroll: true });
}

export interface ProfileSubscribeProps {
  performer: PerformerProfile;
  onSubscribed: NonNullable<FanSubscribeProps['onSubscribed']>;
}

/**
 * The profile's subscribe section: the platform's own `<fan-subscribe>` view (plans with
 * prices, the free offer while unused, the platform's confirm dialog before the wallet is charged,
 * the fan's subscription with cancel or resume), so the site subscribes exactly as embeds do.
 */
export function ProfileSubscribe({ performer, onSubscribed }: ProfileSubscribeProps) {
  const { t } = useTranslation();
  const theme = useSignalValue(session.theme.current);

  // Arriving at /{creator}#plans: the section exists only once the profile has loaded, after
  // the browser looked for it.
  useEffect(() => {
    if (location.hash === `#${SECTION_ID}`) document.getElementById(SECTION_ID)?.scrollIntoView({ block: 'start' });
  }, []);

  return (
    <section id={SECTION_ID} className="profile__subscribe" tabIndex={-1} aria-labelledby="plans-title">
      <h2 id="plans-title">{t('profile.plans')}</h2>
      <div className="fan-root" data-theme={theme}>
        <Suspense fallback={<PageStatus kind="loading" />}>
          <SubscribeView creator={performer._id} onSubscribed={onSubscribed} />
        </Suspense>
      </div>
    </section>
  );
}

function SubscribeView(props: FanSubscribeProps) {
  // The element loads its texts before it renders; here the view waits for them itself.
  useNamespaces('subscribe');
  return <FanSubscribe {...props} />;
}
