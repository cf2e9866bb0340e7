import { useMemo, useState } from 'react';
import { useTranslation } from '../i18n/index.js';
import { ForgotPasswordForm } from '../login/forgot-password-form.js';
import { sessionLoginPort, type LoginPort } from '../login/login-port.js';
import { SignInForm } from '../login/sign-in-form.js';
import type { Session } from '../session/session.js';
import { readToken } from '../session/token-cookie.js';
import { handOff } from './popup-handoff.js';

type Phase = 'form' | 'forgot' | 'handing-off' | 'done' | 'unreachable' | 'no-opener';

export interface LoginPopupProps {
  /** The nonce the bridge handed out, from this page's URL. */
  nonce: string;
  /** The popup's own session: the platform origin, direct transport, no live connection. */
  session: Session;
  /** Closes the window; replaceable in tests. */
  close?: () => void;
}

/** How long the "signed in" text stays before the popup closes itself. */
const CLOSE_DELAY_MS = 700;

/**
 * The sign-in popup a third-party page opens on the platform origin. The fan signs in
 * with the same form and the same `session.auth.login` as everywhere else (hashing per
 * the settings, the POST, the cross-tab announce); the credential that leaves is the
 * one every transport knows, the token the sign-in stored, and it goes straight to the
 * bridge iframe (popup-handoff.ts).
 */
export function LoginPopup({ nonce, session, close = () => window.close() }: LoginPopupProps) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>(() => (nonce && window.opener ? 'form' : 'no-opener'));

  // The remember choice travels with the token, so the bridge keeps it as long as the site would.
  const port = useMemo<LoginPort & { remembered: boolean }>(() => {
    const base = sessionLoginPort(session);
    const wrapped = {
      ...base,
      remembered: false,
      login: (credentials: Parameters<LoginPort['login']>[0]) => {
        wrapped.remembered = credentials.remember;
        return base.login(credentials);
      },
    };
    return wrapped;
  }, [session]);

  async function signedIn() {
    const token = readToken();
    if (!token) return setPhase('unreachable');
    setPhase('handing-off');
    const outcome = await handOff({ token, remember: port.remembered, nonce });
    setPhase(outcome === 'done' ? 'done' : outcome);
    if (outcome === 'done') setTimeout(close, CLOSE_DELAY_MS);
  }

  return (
    <main className="fd-popup fan-root" data-theme="light" data-phase={phase}>
      <h1>{t('embed.popupTitle')}</h1>
      {phase === 'form' ? (
        <>
          <p className="fd-popup__subtitle">{t('embed.popupSubtitle')}</p>
          <SignInForm port={port} heading={t('login.title')} hideRegister onSignedIn={() => void signedIn()} onForgot={() => setPhase('forgot')} />
        </>
      ) : phase === 'forgot' ? (
        <ForgotPasswordForm port={port} onBack={() => setPhase('form')} />
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
