import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/index.js';
import { useSession, useSignalValue } from '../session/react.js';
import type { UnlockStep } from '../session/unlocks.js';
import { useErrorText } from './error-text.js';
import { FormError } from './form-error.js';
import { SignInPrompt } from './sign-in-prompt.js';

export interface UnlockBoxProps {
  /** What is locked and for how much, in the item's own words. */
  children: ReactNode;
  /** The price as the fan reads it (formatted). */
  price: string;
  step: UnlockStep | null;
  onUnlock: () => void;
}

/**
 * Under a locked item: why it is locked, then the unlock button (its confirm happens in
 * the platform's dialog), or the way to sign in first; a declined confirm or a failure
 * says so beside it. Part: `unlock`.
 */
export function UnlockBox({ children, price, step, onUnlock }: UnlockBoxProps) {
  const { t } = useTranslation();
  const session = useSession();
  const loggedIn = useSignalValue(session.auth.loggedIn);
  const errorText = useErrorText();
  return (
    <div className="feed-card__lock" part="unlock">
      {children}
      {!loggedIn ? (
        <SignInPrompt text={t('ui.signInToUnlock')} />
      ) : (
        <button type="button" className="button button--primary" disabled={step?.step === 'confirming'} onClick={onUnlock}>
          {step?.step === 'confirming' ? t('ui.unlockConfirming') : t('ui.unlock', { price })}
        </button>
      )}
      {step?.step === 'declined' ? (
        <p className="muted" role="status">
          {t('ui.unlockDeclined')}
        </p>
      ) : null}
      {step?.step === 'failed' ? <FormError>{errorText(step.error)}</FormError> : null}
    </div>
  );
}
