import { LIMITS } from '@fandeck/contract';
import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import { useNamespaces, useTranslation } from '@fandeck/widgets/i18n';
import { linkTokenOf } from '../../routing/link-token.js';
import { session, wirePassword } from '../../session/session.js';
import { refusalOf, useFocusOnRefusal, useMounted, type FieldErrors, type Translate } from '../registration/registration-form.js';
import { FormFailure, NewPasswordFields } from '../registration/registration-parts.js';
import { LinkCard, LinkRequestForm, NextStep } from './link-request-form.js';

/** The fields this form shows a refusal under (what `body.<name>` may say). */
const SHOWN: ReadonlySet<string> = new Set(['password']);
/** The server takes a token of at most this length (auth.routes.ts); a longer one is no link of ours. */

interface NewPassword {
  password: string;
  confirmPassword: string;
}

type ResetState =
  | { status: 'editing'; errors: FieldErrors; form: string | null }
  | { status: 'sending' }
  | { status: 'done' }
  /** The link cannot work: no token came with it, or the server knows it as unknown, used or expired. */
  | { status: 'invalid'; reason: 'missing' | 'refused' };

/** The new password checked before sending, with the server's length rule. */
function checkNewPassword(values: NewPassword, t: Translate): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.password) errors.password = t('registration.invalid.required');
  else if (values.password.length < LIMITS.account.passwordMin || values.password.length > LIMITS.account.passwordMax) errors.password = t('registration.invalid.password');
  if (values.confirmPassword !== values.password) errors.confirmPassword = t('registration.invalid.confirmPassword');
  return errors;
}

/**
 * /auth/reset-password#token=…: the link of the reset mail. The token was taken off the
 * address at boot (routing/link-token.ts) and goes only in the request's body, with the new
 * password hashed as every password is (`wirePassword`). The server ends every session of
 * the account; the reader then signs in with the new password. A link that cannot work
 * offers to mail a new one.
 */
export function ResetPasswordPage() {
  useNamespaces('emailLinks', 'registration');
  const { t } = useTranslation();
  const id = useId();
  const [token] = useState(() => linkTokenOf('/auth/reset-password'));
  const [values, setValues] = useState<NewPassword>({ password: '', confirmPassword: '' });
  const [state, setState] = useState<ResetState>(() =>
    token && token.length <= LIMITS.account.emailTokenMax ? { status: 'editing', errors: {}, form: null } : { status: 'invalid', reason: token ? 'refused' : 'missing' },
  );
  const form = useRef<HTMLFormElement>(null);
  const live = useMounted();
  const refused = useFocusOnRefusal(form);

  const errors = state.status === 'editing' ? state.errors : {};
  const busy = state.status === 'sending';
  const set = useCallback((key: keyof NewPassword, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setState((current) => (current.status === 'editing' && current.errors[key] ? { ...current, errors: { ...current.errors, [key]: undefined } } : current));
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !token) return;
    const found = checkNewPassword(values, t);
    if (Object.keys(found).length > 0) {
      setState({ status: 'editing', errors: found, form: t('registration.fixFields') });
      return refused();
    }

    setState({ status: 'sending' });
    const settings = await session.settings.ensure();
    const password = await wirePassword(values.password, settings.ok ? settings.value : null);
    const outcome = await session.api.auth.resetPassword({ token, password }, { unauthorized: 'ignore' });
    if (!live.current) return;
    if (!outcome.ok) {
      if (outcome.error.code === 'auth.reset_link_invalid') return setState({ status: 'invalid', reason: 'refused' });
      const refusal = refusalOf(outcome.error, SHOWN, t);
      setState({ status: 'editing', errors: refusal.fields, form: refusal.form });
      return refused();
    }
    // The reset ended every session of the account. If this browser held one of them, it is
    // dropped now (a 401 clears it, without the login redirect); another account's stays.
    if (session.auth.loggedIn.peek()) await session.api.auth.me(undefined, { unauthorized: 'clear' });
    if (live.current) setState({ status: 'done' });
  }

  if (state.status === 'done') {
    return (
      <LinkCard title={t('emailLinks.reset.doneTitle')} testId="reset-password-done">
        <p role="status">{t('emailLinks.reset.doneBody')}</p>
        <NextStep />
      </LinkCard>
    );
  }
  if (state.status === 'invalid') {
    return (
      <LinkCard title={t('emailLinks.reset.invalidTitle')} testId="reset-password-invalid">
        <p className="error" role="alert" data-testid="link-error">
          {state.reason === 'missing' ? t('emailLinks.reset.missing') : t('errors.auth.reset_link_invalid')}
        </p>
        <LinkRequestForm
          route="forgot"
          intro={t('emailLinks.reset.requestIntro')}
          submit={t('emailLinks.reset.requestSubmit')}
          sent={t('emailLinks.reset.requestSent')}
        />
      </LinkCard>
    );
  }

  return (
    <LinkCard title={t('emailLinks.reset.title')} testId="reset-password">
      <p className="muted">{t('emailLinks.reset.intro')}</p>
      <form ref={form} className="form stack" noValidate onSubmit={(event) => void submit(event)} aria-busy={busy} data-state={state.status}>
        <NewPasswordFields
          id={id}
          labels={{ password: t('emailLinks.reset.password'), confirmPassword: t('emailLinks.reset.confirmPassword') }}
          values={values}
          set={set}
          errors={errors}
        />
        <FormFailure message={state.status === 'editing' ? state.form : null} />
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t('emailLinks.reset.submitting') : t('emailLinks.reset.submit')}
        </button>
      </form>
    </LinkCard>
  );
}
