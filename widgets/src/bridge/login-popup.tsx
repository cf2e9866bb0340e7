import { useState } from 'react';
import { useTranslation } from '../i18n/index.js';
import { LoginForm, type LoginSuccess } from '../login/login-form.js';
import { handOff } from './popup-handoff.js';

type Phase = 'form' | 'handing-off' | 'done' | 'unreachable' | 'no-opener';

export interface LoginPopupProps {
  /** The nonce the bridge handed out, from this page's URL. */
  nonce: string;
  /** Closes the window; replaceable in tests. */
  close?: () => void;
}

/** How long the "signed in" text stays before the popup closes itself. */
const CLOSE_DELAY_MS = 700;

/**
 * The sign-in popup a third-party page opens on the platform origin. The fan signs in
 * here; the token goes straight to the bridge iframe (popup-handoff.ts).
 */
export function LoginPopup({ nonce, close = () => window.close() }: LoginPopupProps) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>(() => (nonce && window.opener ? 'form' : 'no-opener'));

  async function onLogin({ token, remember }: LoginSuccess) {
    setPhase('handing-off');
    const outcome = await handOff({ token, remember, nonce });
    setPhase(outcome === 'done' ? 'done' : outcome);
    if (outcome === 'done') setTimeout(close, CLOSE_DELAY_MS);
  }

  return (
    <main className="fd-popup" data-phase={phase}>
      <h1>{t('embed.popupTitle')}</h1>
      {phase === 'form' ? (
        <>
          <p className="fd-popup__subtitle">{t('embed.popupSubtitle')}</p>
          <LoginForm onLogin={(result) => void onLogin(result)} />
        </>
      ) : (
        <p className="fd-popup__status" role={phase === 'done' || phase === 'handing-off' ? 'status' : 'alert'}>
          {phase === 'handing-off'
            ? t('embed.popupHandingOff')
            : phase === 'done'
              ? t('embed.popupDone')
              : phase === 'unreachable'
                ? t('embed.popupHandoffFailed')
                : t('embed.popupNoOpener')}
        </p>
      )}
      {phase === 'unreachable' || phase === 'no-opener' ? (
        <button type="button" className="fd-popup__close" onClick={close}>
          {t('embed.popupClose')}
        </button>
      ) : null}
    </main>
  );
}
