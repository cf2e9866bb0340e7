import { useState } from 'react';
import { loginPath } from '../api/api-client.js';
import { useTranslation } from '../i18n/index.js';
import { codeOf } from '../login/login-port.js';
import { useSession } from '../session/react.js';

const bridgeTexts = {
  'popup-blocked': 'embed.popupBlocked',
  'popup-closed': 'embed.popupClosed',
  'bridge-unavailable': 'embed.bridgeUnavailable',
} as const;

/**
 * Signed out: one line saying why to sign in, and the way to do it. On a third-party
 * page the session opens the platform's sign-in popup (the password is never typed on
 * the page); on the platform's own origin it is the sign-in page, coming back here.
 */
export function SignInPrompt({ text }: { text: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const [state, setState] = useState<{ status: 'idle' | 'busy' } | { status: 'failed'; message: string }>({ status: 'idle' });
  const popup = session.transport.kind === 'bridge';

  async function signIn() {
    setState({ status: 'busy' });
    const outcome = await session.auth.login({ username: '', password: '', remember: false });
    if (outcome.ok || outcome.error.status === -1) return setState({ status: 'idle' });
    const code = codeOf(outcome.error.body);
    const message = code && code in bridgeTexts ? t(bridgeTexts[code as keyof typeof bridgeTexts]) : outcome.error.message;
    setState({ status: 'failed', message });
  }

  const here = `${location.pathname}${location.search}`;
  return (
    <div className="fan-wallet__signin" part="sign-in" data-state={state.status}>
      <p>{text}</p>
      {popup ? (
        <button type="button" part="sign-in-button" className="fan-wallet__primary" disabled={state.status === 'busy'} onClick={() => void signIn()}>
          {t('wallet.signIn')}
        </button>
      ) : (
        <a part="sign-in-button" className="fan-wallet__primary" href={new URL(loginPath(here), session.transport.origin).href}>
          {t('wallet.signIn')}
        </a>
      )}
      {state.status === 'failed' ? (
        <p className="fan-wallet__error" part="error" role="alert">
          {state.message}
        </p>
      ) : null}
    </div>
  );
}
