import { LIMITS } from '@fandeck/contract';
import { useCallback, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useNamespaces, useTranslation } from '@fandeck/widgets/i18n';
import { session, wirePassword } from '../../session/session.js';
import { Field } from '../creator-settings/settings-fields.js';
import {
  checkAccount,
  emptyAccount,
  referralCodeOf,
  refusalOf,
  requireText,
  useFocusOnRefusal,
  useMounted,
  type AccountValues,
  type FieldErrors,
  type RegistrationAnswer,
} from './registration-form.js';
import { AccountFields, FormFailure, ReferralNote, RegistrationDone, RegistrationLinks, ResendVerification, TermsField } from './registration-parts.js';

/** The fields this form shows a refusal under (what `body.<name>` may say). */
const SHOWN: ReadonlySet<string> = new Set(['name', 'username', 'email', 'password']);

type FanState =
  | { status: 'editing'; errors: FieldErrors; form: string | null }
  | { status: 'sending' }
  /** Registered; signing in with the same credentials, after which the page gate sends the fan home. */
  | { status: 'signing-in' }
  /** The site asks new accounts to confirm their address before signing in. */
  | { status: 'verify-email'; email: string }
  /**
   * Registered, but signing in failed. The server answers an address that already has an
   * account like a new one (it mails the owner), so the page cannot tell which it was.
   */
  | { status: 'received' };

/**
 * /auth/register: a fan's account (name, username, email, password), with the referral
 * code of the link that brought them (`?ref=`). Signs the new fan in as the login page
 * does, or asks them to confirm their email when the site requires it.
 */
export function FanRegisterPage() {
  useNamespaces('registration');
  const { t } = useTranslation();
  const id = useId();
  const [search] = useSearchParams();
  const referral = useMemo(() => referralCodeOf(search), [search]);
  const [name, setName] = useState('');
  const [account, setAccount] = useState<AccountValues>(emptyAccount);
  const [state, setState] = useState<FanState>({ status: 'editing', errors: {}, form: null });
  const form = useRef<HTMLFormElement>(null);
  const live = useMounted();
  const refused = useFocusOnRefusal(form);

  const errors = state.status === 'editing' ? state.errors : {};
  const busy = state.status === 'sending' || state.status === 'signing-in';
  const forget = useCallback((field: string) => setState((current) => (current.status === 'editing' && current.errors[field] ? { ...current, errors: { ...current.errors, [field]: undefined } } : current)), []);
  const set = useCallback(
    <K extends keyof AccountValues>(key: K, value: AccountValues[K]) => {
      setAccount((current) => ({ ...current, [key]: value }));
      forget(key);
    },
    [forget],
  );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found = checkAccount(account, t);
    requireText(found, 'name', name, t);
    if (Object.keys(found).length > 0) {
      setState({ status: 'editing', errors: found, form: t('registration.fixFields') });
      return refused();
    }

    setState({ status: 'sending' });
    const email = account.email.trim();
    const settings = await session.settings.ensure();
    const body = {
      name: name.trim(),
      username: account.username.trim(),
      email,
      password: await wirePassword(account.password, settings.ok ? settings.value : null),
      ...(referral ? { referralCode: referral } : {}),
    };
    const outcome = await session.api.auth.registerFan(body, { unauthorized: 'ignore' });
    if (!live.current) return;
    if (!outcome.ok) {
      const refusal = refusalOf(outcome.error, SHOWN, t);
      setState({ status: 'editing', errors: refusal.fields, form: refusal.form });
      return refused();
    }
    if (outcome.value.requireEmailVerification) return setState({ status: 'verify-email', email });

    setState({ status: 'signing-in' });
    // The same sign-in as the login page (hashing per the settings, cross-tab announce); once
    // it holds, the page gate sends the fan where signing in leads (/home).
    const signedIn = await session.auth.login({ username: email, password: account.password, remember: false });
    if (live.current && !signedIn.ok) setState({ status: 'received' });
  }

  if (state.status === 'verify-email') {
    return (
      <RegistrationDone title={t('registration.done.verifyTitle')}>
        <p>{t('registration.done.verifyBody', { email: state.email })}</p>
        <ResendVerification email={state.email} />
      </RegistrationDone>
    );
  }
  if (state.status === 'received') {
    return (
      <RegistrationDone title={t('registration.done.receivedTitle')}>
        <p>{t('registration.done.receivedBody')}</p>
      </RegistrationDone>
    );
  }

  return (
    <section className="card card--wide registration stack" aria-labelledby={`${id}-title`} data-testid="fan-register">
      <h1 id={`${id}-title`}>{t('registration.fan.title')}</h1>
      <p className="muted">{t('registration.fan.intro')}</p>
      <ReferralNote code={referral} />
      <form ref={form} className="form stack" noValidate onSubmit={(event) => void submit(event)} aria-busy={busy} data-state={state.status}>
        <Field id={`${id}-name`} label={t('registration.fields.name')} error={errors.name}>
          {(control) => (
            <input
              {...control}
              name="name"
              autoComplete="name"
              maxLength={LIMITS.account.personNameMax}
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                forget('name');
              }}
            />
          )}
        </Field>
        <AccountFields id={id} values={account} set={set} errors={errors} />
        <TermsField id={id} checked={account.terms} onChange={(checked) => set('terms', checked)} error={errors.terms} />
        <FormFailure message={state.status === 'editing' ? state.form : null} />
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t('registration.fan.submitting') : t('registration.fan.submit')}
        </button>
      </form>
      <RegistrationLinks other="creator" referral={referral} />
    </section>
  );
}
