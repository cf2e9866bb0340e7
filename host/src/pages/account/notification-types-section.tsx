import { useEffect, useId, useState } from 'react';
import type { ChoosableNotificationType, NotificationPreference } from '@fandeck/contract';
import { useTranslation } from '@fandeck/widgets/i18n';
import { PageStatus } from '../../components/page-status.js';
import { session } from '../../session/session.js';
import { SectionOutcome } from './section-outcome.js';
import type { SectionState } from './section-state.js';

type Channel = 'site' | 'push';

type ListState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; preferences: NotificationPreference[] };

/** Each type's name on the account page (the server lists the types the account's role receives). */
const TYPE_LABELS = {
  'stream.live': 'accountSettings.notifyStreamLive',
  'message.received': 'accountSettings.notifyMessage',
  'private_stream.updated': 'accountSettings.notifyPrivateCall',
  'subscription.renewal_failed': 'accountSettings.notifyRenewalFailed',
  'subscription.created': 'accountSettings.notifySubscription',
  'tip.received': 'accountSettings.notifyTip',
  'follow.created': 'accountSettings.notifyFollow',
  'comment.created': 'accountSettings.notifyComment',
} as const satisfies Record<ChoosableNotificationType, string>;

/**
 * Per notification type, whether it shows on the site and whether it comes as a browser
 * notification (web push). Each switch is saved as it changes; the server enforces them
 * when notifications are created. A refused save puts the switch back and says why.
 */
export function NotificationTypesSection() {
  const { t } = useTranslation();
  const id = useId();
  const [list, setList] = useState<ListState>({ status: 'loading' });
  const [save, setSave] = useState<SectionState<never>>({ status: 'idle' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setList({ status: 'loading' });
    void session.api.notifications.preferences().then((outcome) => {
      if (live) setList(outcome.ok ? { status: 'ready', preferences: outcome.value.preferences } : { status: 'failed' });
    });
    return () => {
      live = false;
    };
  }, [attempt]);

  async function toggle(one: NotificationPreference, channel: Channel, on: boolean) {
    if (list.status !== 'ready') return;
    const before = list.preferences;
    const changed = { ...one, [channel]: on };
    setList({ status: 'ready', preferences: before.map((p) => (p.type === one.type ? changed : p)) });
    setSave({ status: 'saving' });
    const outcome = await session.api.notifications.updatePreferences({ preferences: [changed] });
    if (outcome.ok) {
      setList({ status: 'ready', preferences: outcome.value.preferences });
      setSave({ status: 'saved', message: t('accountSettings.preferencesSaved') });
    } else {
      setList({ status: 'ready', preferences: before });
      setSave({ status: 'failed', fields: {}, message: outcome.error.message });
    }
  }

  return (
    <section className="settings__section stack" aria-labelledby={`${id}-title`} data-testid="account-notification-types">
      <h2 id={`${id}-title`}>{t('accountSettings.notifyTitle')}</h2>
      <p className="muted">{t('accountSettings.notifyIntro')}</p>
      {list.status === 'loading' ? <PageStatus kind="loading" /> : null}
      {list.status === 'failed' ? <PageStatus kind="error" onRetry={() => setAttempt((n) => n + 1)} /> : null}
      {list.status === 'ready' ? (
        <table className="notify-types">
          <thead>
            <tr>
              <th scope="col">{t('accountSettings.notifyType')}</th>
              <th scope="col">{t('accountSettings.notifySite')}</th>
              <th scope="col">{t('accountSettings.notifyPush')}</th>
            </tr>
          </thead>
          <tbody>
            {list.preferences.map((one) => (
              <tr key={one.type} data-type={one.type}>
                <th scope="row" id={`${id}-${one.type}`}>
                  {t(TYPE_LABELS[one.type])}
                </th>
                {(['site', 'push'] as const).map((channel) => (
                  <td key={channel}>
                    <input
                      type="checkbox"
                      name={`${one.type}-${channel}`}
                      checked={one[channel]}
                      disabled={save.status === 'saving'}
                      aria-label={t(channel === 'site' ? 'accountSettings.notifySiteFor' : 'accountSettings.notifyPushFor', { type: t(TYPE_LABELS[one.type]) })}
                      onChange={(event) => void toggle(one, channel, event.target.checked)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <SectionOutcome state={save} />
    </section>
  );
}
