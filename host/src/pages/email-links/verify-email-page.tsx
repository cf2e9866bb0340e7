import { useEffect, useState } from 'react';
import { useNamespaces, useTranslation } from '@fandeck/widgets/i18n';
import { PageStatus } from '../../components/page-status.js';
import { linkTokenOf } from '../../routing/link-token.js';
import { session, useSignalValue, type Outcome } from '../../session/session.js';
import { LinkCard, LinkRequestForm, NextStep } from './link-request-form.js';

type VerifyState =
  | { status: 'confirming' }
  | { status: 'confirmed' }
  /** The link cannot work: no token came with it, or the server knows it as unknown, used or expired. */
  | { status: 'invalid'; reason: 'missing' | 'refused' }
  /** No verdict on the link (no connection, too many requests): it may still work. */
  | { status: 'failed'; message: string };

/**
 * One confirmation per token and page load: the token is single-use, so a second call
 * (a remount, StrictMode's double effects) would find it spent and call the link invalid.
 */
const confirmations = new Map<string, Promise<Outcome<unknown>>>();

function confirmOnce(token: string): Promise<Outcome<unknown>> {
  let confirmation = confirmations.get(token);
  if (!confirmation) {
    confirmation = session.api.auth.confirmEmail({ token }, { unauthorized: 'ignore' });
    confirmations.set(token, confirmation);
  }
  return confirmation;
}

function stateOf(outcome: Outcome<unknown>): VerifyState {
  if (outcome.ok) return { status: 'confirmed' };
  if (outcome.error.code === 'auth.verification_link_invalid' || outcome.error.code === 'request.invalid') return { status: 'invalid', reason: 'refused' };
  return { status: 'failed', message: outcome.error.message };
}

/**
 * /auth/verify-email#token=…: the link of the verification mail. The token was taken off
 * the address at boot (routing/link-token.ts) and goes only in the confirmation's body.
 * The server answers no session, so a confirmed reader is sent to sign in; a link that
 * cannot work offers to mail a new one.
 */
export function VerifyEmailPage() {
  useNamespaces('emailLinks', 'registration');
  const { t } = useTranslation();
  const loggedIn = useSignalValue(session.auth.loggedIn);
  const [token] = useState(() => linkTokenOf('/auth/verify-email'));
  const [state, setState] = useState<VerifyState>(() => (token ? { status: 'confirming' } : { status: 'invalid', reason: 'missing' }));
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!token) return;
    let live = true;
    void confirmOnce(token).then((outcome) => {
      if (live) setState(stateOf(outcome));
    });
    return () => {
      live = false;
    };
  }, [token, attempt]);

  function retry() {
    if (!token) return;
    confirmations.delete(token);
    setState({ status: 'confirming' });
    setAttempt((count) => count + 1);
  }

  if (state.status === 'confirmed') {
    return (
      <LinkCard title={t('emailLinks.verify.doneTitle')} testId="verify-email-done">
        <p role="status">{loggedIn ? t('emailLinks.verify.doneSignedIn') : t('emailLinks.verify.doneBody')}</p>
        <NextStep />
      </LinkCard>
    );
  }
  if (state.status === 'invalid') {
    return (
      <LinkCard title={t('emailLinks.verify.invalidTitle')} testId="verify-email-invalid">
        <p className="error" role="alert" data-testid="link-error">
          {state.reason === 'missing' ? t('emailLinks.verify.missing') : t('errors.auth.verification_link_invalid')}
        </p>
        <LinkRequestForm
          route="verifyEmail"
          intro={t('emailLinks.verify.requestIntro')}
          submit={t('emailLinks.verify.requestSubmit')}
          sent={t('emailLinks.verify.requestSent')}
        />
      </LinkCard>
    );
  }
  return (
    <LinkCard title={t('emailLinks.verify.title')} testId="verify-email">
      {state.status === 'confirming' ? <p role="status">{t('emailLinks.verify.confirming')}</p> : null}
      {state.status === 'failed' ? <PageStatus kind="error" message={`${t('emailLinks.verify.failed')} ${state.message}`} onRetry={retry} /> : null}
    </LinkCard>
  );
}
