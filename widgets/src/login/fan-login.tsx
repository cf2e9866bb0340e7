import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/index.js';
import { useSignalValue } from '../session/react.js';
import { ForgotPasswordForm } from './forgot-password-form.js';
import type { FanLoginUser } from './login-events.js';
import { toLoginUser, useLoginPort, type LoginUser } from './login-port.js';
import { SignInForm } from './sign-in-form.js';
import { SignedInCard } from './signed-in-card.js';

export interface FanLoginProps {
  /** Title above the form; the translated 'Sign in' when absent. */
  heading?: string | undefined;
  /** Hides the links to the platform's register pages. */
  hideRegister?: boolean | undefined;
  /** A sign-in made here succeeded and the user is known. */
  onLogin?: ((user: FanLoginUser) => void) | undefined;
  /** The user logged out here. */
  onLogout?: (() => void) | undefined;
}

type Screen = 'sign-in' | 'forgot';

/**
 * Fan and creator sign-in (one form: the server accepts both), remember me, forgot
 * password and register links; once the session is signed in, the user's name, avatar
 * and a logout button. All state lives in the session, so every `<fan-login>` on a page
 * (and the host site) agrees on who is signed in.
 */
export function FanLogin({ heading, hideRegister = false, onLogin, onLogout }: FanLoginProps) {
  const { t } = useTranslation();
  const port = useLoginPort();
  const loggedIn = useSignalValue(port.loggedIn);
  const user = useSignalValue(port.user);
  const [screen, setScreen] = useState<Screen>('sign-in');
  // Without the user in the sign-in's answer, fan-login waits for the session to load them.
  const signedInHere = useRef(false);

  const announce = useCallback(
    ({ _id, name, username, isPerformer }: LoginUser) => onLogin?.({ _id, name, username, isPerformer }),
    [onLogin],
  );

  useEffect(() => {
    if (!signedInHere.current || !user) return;
    signedInHere.current = false;
    announce(user);
  }, [user, announce]);

  const onSignedIn = useCallback(
    (value: unknown) => {
      setScreen('sign-in');
      const known = toLoginUser(value) ?? port.user.peek();
      if (known) announce(known);
      else signedInHere.current = true;
    },
    [announce, port],
  );

  if (loggedIn && user) return <SignedInCard port={port} user={user} onLoggedOut={() => onLogout?.()} />;
  if (loggedIn) {
    return (
      <div className="fan-login fan-login--loading" part="loading" data-state="loading" aria-busy="true">
        {t('common.loading')}
      </div>
    );
  }
  if (screen === 'forgot') return <ForgotPasswordForm port={port} onBack={() => setScreen('sign-in')} />;
  return (
    <SignInForm
      port={port}
      heading={heading || t('login.title')}
      hideRegister={hideRegister}
      onSignedIn={onSignedIn}
      onForgot={() => setScreen('forgot')}
    />
  );
}
