import { LIMITS } from '@fandeck/contract';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@fandeck/widgets/i18n';
import { session, useSignalValue } from '../../session/session.js';
import { Field } from '../creator-settings/settings-fields.js';
import { isEmailAddress, useMounted } from '../registration/registration-form.js';
import { FormFailure } from '../registration/registration-parts.js';

/** The two routes that mail a new link (`auth.verifyEmail`, `auth.forgot`); both answer the same whether the address has an account or not. */
export type LinkRequestRoute = 'verifyEmail' | 'forgot';

export interface LinkRequestFormProps {
  route: LinkRequestRoute;
  intro: string;
  submit: string;
  /** The neutral answer: never says whether the address has an account. */
  sent: string;
}

type RequestState = { status: 'editing'; fieldError: string | null; form: string | null } | { status: 'sending' } | { status: 'sent' };

/** Asks for a new link by email, for a link that no longer works. */
export function LinkRequestForm({ route, intro, submit, sent }: LinkRequestFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<RequestState>({ status: 'editing', fieldError: null, form: null });
  const live = useMounted();
  const sending = state.status === 'sending';

  async function request(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const address = email.trim();
    if (!isEmailAddress(address)) {
      return setState({ status: 'editing', fieldError: t(address ? 'registration.invalid.email' : 'registration.invalid.required'), form: null });
    }
    setState({ status: 'sending' });
    const outcome = await session.api.auth[route]({ email: address }, { unauthorized: 'ignore' });
    if (!live.current) return;
    if (outcome.ok) return setState({ status: 'sent' });
    // A refused address is the form's only field; anything else (too many requests, no connection) is said above the button.
    const invalid = outcome.error.code === 'request.invalid';
    setState({ status: 'editing', fieldError: invalid ? t('registration.invalid.email') : null, form: invalid ? null : outcome.error.message });
  }

  if (state.status === 'sent') {
    return (
      <p className="success" role="status" data-testid="link-request-sent">
        {sent}
      </p>
    );
  }
  return (
    <form className="form stack" noValidate onSubmit={(event) => void request(event)} aria-busy={sending} data-testid="link-request">
      <p className="muted">{intro}</p>
      <Field id={`${id}-email`} label={t('emailLinks.request.email')} error={state.status === 'editing' ? state.fieldError : null}>
        {(control) => (
          <input
            {...control}
            name="email"
            type="email"
            autoComplete="email"
            maxLength={LIMITS.account.emailMax}
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setState((current) => (current.status === 'editing' && current.fieldError ? { ...current, fieldError: null } : current));
            }}
          />
        )}
      </Field>
      <FormFailure message={state.status === 'editing' ? state.form : null} />
      <button type="submit" className="button" disabled={sending}>
        {sending ? t('emailLinks.request.sending') : submit}
      </button>
    </form>
  );
}

/** A mailed link's page: its card, heading and what it says. */
export function LinkCard({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="card stack registration" aria-labelledby={`${id}-title`} data-testid={testId}>
      <h1 id={`${id}-title`}>{title}</h1>
      {children}
    </section>
  );
}

/** Where to go once a link did its work: sign in, or on into the site for someone signed in already. */
export function NextStep() {
  const { t } = useTranslation();
  const loggedIn = useSignalValue(session.auth.loggedIn);
  return (
    <p>
      <Link className="button button--primary" to={loggedIn ? '/' : '/auth/login'}>
        {loggedIn ? t('emailLinks.goOn') : t('emailLinks.goSignIn')}
      </Link>
    </p>
  );
}
