import { useState } from 'react';
import { loginPath } from '../api/api-client.js';
import { defaultLocale, isLocale, loadNamespaces, useTranslation } from '../i18n/index.js';
import { useSession } from '../session/react.js';
import { signInFailureText } from './sign-in-text.js';
import { FormError } from './form-error.js';
import { SubmitButton } from './submit-button.js';

/**
 * Signed out: one line saying why to sign in, and the way to do it. On a third-party
 * page `session.auth.login` opens the platform's sign-in popup (the password is never
 * typed on the page); on the platform's own origin it is the sign-in page, coming back
 * here. Parts: `sign-in`, `sign-in-button`, `error`.
 */
export function SignInPrompt({ text }: { text: string }) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const [state, setState] = useState<{ status: 'idle' | 'busy' } | { status: 'failed'; message: string }>({ status: 'idle' });
  const popup = session.transport.kind === 'bridge';

  async function signIn() {
    setState({ status: 'busy' });
    const outcome = await session.auth.login({ username: '', password: '', remember: false });
    if (outcome.ok) return setState({ status: 'idle' });
    // The bridge's own failures are worded in `embed`, fetched with the first one: an element
    // that only offers the sign-in does not load it before it can paint.
    await loadNamespaces(['embed'], isLocale(i18n.language) ? i18n.language : defaultLocale).catch(() => undefined);
    const message = signInFailureText(outcome.error, t);
    setState(message ? { status: 'failed', message } : { status: 'idle' });
  }

  const here = `${location.pathname}${location.search}`;
  return (
    <div className="fan-signin" part="sign-in" data-state={state.status}>
      <p>{text}</p>
      {popup ? (
        <SubmitButton type="button" part="sign-in-button" busy={state.status === 'busy'} onClick={() => void signIn()}>
          {t('ui.signIn')}
        </SubmitButton>
      ) : (
        <a part="sign-in-button" className="fan-button fan-button--primary" href={new URL(loginPath(here), session.transport.origin).href}>
          {t('ui.signIn')}
        </a>
      )}
      <FormError>{state.status === 'failed' ? state.message : null}</FormError>
    </div>
  );
}
