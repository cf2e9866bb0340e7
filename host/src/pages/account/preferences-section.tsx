import { Suspense, useId, useState } from 'react';
import { useNamespaces, useTranslation } from '@fandeck/widgets/i18n';
import { session, useSignalValue, type Theme } from '../../session/session.js';
import { nativeName } from '../../components/site-controls.js';
import { PushToggle, pushSupported } from '../notifications/push-toggle.js';

type PreferenceState = { status: 'idle' | 'saving' } | { status: 'saved' } | { status: 'failed'; message: string };

/**
 * Language and theme, each applied as soon as it is picked. The language is also kept on
 * the account (PUT /users `locale`), so the platform's mails come in it too; the theme is
 * this browser's (the session's theme model keeps it).
 */
export function PreferencesSection() {
  const { t } = useTranslation();
  const id = useId();
  const locale = useSignalValue(session.locale.current);
  const supported = useSignalValue(session.locale.supported);
  const theme = useSignalValue(session.theme.current);
  const [state, setState] = useState<PreferenceState>({ status: 'idle' });

  async function pickLocale(next: string) {
    setState({ status: 'saving' });
    const switched = await session.locale.set(next);
    if (!switched.ok) return setState({ status: 'failed', message: switched.error.message });
    const saved = await session.user.update({ locale: switched.value });
    setState(saved.ok ? { status: 'saved' } : { status: 'failed', message: saved.error.message });
  }

  function pickTheme(next: Theme) {
    session.theme.set(next);
    setState({ status: 'saved' });
  }

  return (
    <section className="settings__section stack" aria-labelledby={`${id}-title`} data-testid="account-preferences">
      <h2 id={`${id}-title`}>{t('accountSettings.preferencesTitle')}</h2>
      {supported.length > 1 ? (
        <div className="form__field">
          <label htmlFor={`${id}-language`}>{t('accountSettings.language')}</label>
          <select id={`${id}-language`} name="language" value={locale} disabled={state.status === 'saving'} onChange={(event) => void pickLocale(event.target.value)}>
            {supported.map((one) => (
              <option key={one} value={one} lang={one}>
                {nativeName(one)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <fieldset className="account-settings__choices">
        <legend>{t('accountSettings.theme')}</legend>
        {(['dark', 'light'] as const).map((one) => (
          <label key={one} className="account-settings__choice">
            <input type="radio" name={`${id}-theme`} value={one} checked={theme === one} onChange={() => pickTheme(one)} />
            {one === 'dark' ? t('accountSettings.themeDark') : t('accountSettings.themeLight')}
          </label>
        ))}
      </fieldset>
      {state.status === 'saved' ? (
        <p className="success" role="status">
          {t('accountSettings.preferencesSaved')}
        </p>
      ) : null}
      {state.status === 'failed' ? (
        <p className="error" role="alert">
          {state.message}
        </p>
      ) : null}
    </section>
  );
}

/** Browser notifications (web push): the notifications page's own switch, with its heading; nothing where the browser has no web push. */
export function NotificationsSection() {
  if (!pushSupported()) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsSectionBody />
    </Suspense>
  );
}

function NotificationsSectionBody() {
  useNamespaces('notifications');
  return (
    <div className="settings__section" data-testid="account-notifications">
      <PushToggle />
    </div>
  );
}
