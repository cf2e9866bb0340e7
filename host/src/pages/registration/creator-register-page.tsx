import { useCallback, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useNamespaces, useTranslation } from '@fandeck/widgets/i18n';
import { PageStatus } from '../../components/page-status.js';
import { useFileUpload } from '../../components/file-upload.js';
import { session, wirePassword } from '../../session/session.js';
import {
  checkDetails,
  countryOfLocale,
  CreatorFields,
  DOCUMENT_FIELDS,
  DocumentFields,
  emptyDetails,
  internationalPhone,
  UploadProgress,
  useCountryChoices,
  type CountryChoice,
  type CreatorDetails,
  type Documents,
} from './creator-details.js';
import {
  checkAccount,
  cleanFileName,
  emptyAccount,
  referralCodeOf,
  refusalOf,
  useFocusOnRefusal,
  useMounted,
  type AccountValues,
  type FieldErrors,
  type RegistrationAnswer,
} from './registration-form.js';
import { AccountFields, FormFailure, ReferralNote, RegistrationDone, RegistrationLinks, ResendVerification, TermsField } from './registration-parts.js';

/** The fields this form shows a refusal under (what `body.<name>` may say). */
const SHOWN: ReadonlySet<string> = new Set([
  'username', 'email', 'password', 'firstName', 'lastName', 'dateOfBirth', 'gender', 'countryCode', 'phone',
  DOCUMENT_FIELDS.front, DOCUMENT_FIELDS.back,
]);

type CreatorState =
  | { status: 'editing'; errors: FieldErrors; form: string | null }
  | { status: 'sending' }
  /**
   * Registered: creators wait for staff to check their documents. Also the answer for an
   * address that already had an account (the server mails its owner instead of saying so).
   */
  | { status: 'pending'; email: string; verifyEmail: boolean };

/**
 * /auth/register/creator: a creator's account with what the server needs of a creator
 * (name, date of birth, gender, country, phone) and the front and back of an ID document,
 * sent together as one multipart request with its upload progress. The new creator is
 * told their account waits for review; the referral code (`?ref=`) goes along too.
 */
export function CreatorRegisterPage() {
  useNamespaces('registration');
  const { t } = useTranslation();
  const lists = useCountryChoices();
  if (lists.state.status === 'ready') return <CreatorRegisterForm countries={lists.state.countries} />;
  return (
    <CreatorCard>
      {lists.state.status === 'loading' ? <PageStatus kind="loading" /> : null}
      {lists.state.status === 'failed' ? <PageStatus kind="error" message={`${t('registration.listsFailed')} ${lists.state.message}`} onRetry={() => void lists.retry()} /> : null}
    </CreatorCard>
  );
}

function CreatorCard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="card card--wide registration stack" aria-labelledby="creator-register-title" data-testid="creator-register">
      <h1 id="creator-register-title">{t('registration.creator.title')}</h1>
      {children}
    </section>
  );
}

function CreatorRegisterForm({ countries }: { countries: CountryChoice[] }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [search] = useSearchParams();
  const referral = useMemo(() => referralCodeOf(search), [search]);
  const [account, setAccount] = useState<AccountValues>(emptyAccount);
  const [details, setDetails] = useState<CreatorDetails>(() => ({ ...emptyDetails, countryCode: countryOfLocale(i18n.language, countries) }));
  const [documents, setDocuments] = useState<Documents>({ front: null, back: null });
  const [state, setState] = useState<CreatorState>({ status: 'editing', errors: {}, form: null });
  const upload = useFileUpload();
  const form = useRef<HTMLFormElement>(null);
  const live = useMounted();
  const refused = useFocusOnRefusal(form);

  const errors = state.status === 'editing' ? state.errors : {};
  const busy = state.status === 'sending';
  const forget = useCallback((field: string) => setState((current) => (current.status === 'editing' && current.errors[field] ? { ...current, errors: { ...current.errors, [field]: undefined } } : current)), []);
  const setAccountField = useCallback(
    <K extends keyof AccountValues>(key: K, value: AccountValues[K]) => {
      setAccount((current) => ({ ...current, [key]: value }));
      forget(key);
    },
    [forget],
  );
  const setDetail = useCallback(
    (key: keyof CreatorDetails, value: string) => {
      setDetails((current) => ({ ...current, [key]: value }));
      forget(key);
    },
    [forget],
  );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found = { ...checkAccount(account, t), ...checkDetails(details, documents, t) };
    if (Object.keys(found).length > 0) {
      setState({ status: 'editing', errors: found, form: t('registration.fixFields') });
      return refused();
    }

    setState({ status: 'sending' });
    const email = account.email.trim();
    const settings = await session.settings.ensure();
    const fields: Record<string, string> = {
      firstName: details.firstName.trim(),
      lastName: details.lastName.trim(),
      username: account.username.trim(),
      email,
      password: await wirePassword(account.password, settings.ok ? settings.value : null),
      dateOfBirth: details.dateOfBirth,
      gender: details.gender,
      countryCode: details.countryCode,
      phone: internationalPhone(details.phone, countries.find((country) => country.code === details.countryCode)?.dial ?? null),
      ...(referral ? { referralCode: referral } : {}),
    };
    const body = new FormData();
    // Text fields first, then the files, each under a cleaned name (spec section 5).
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    for (const [side, field] of Object.entries(DOCUMENT_FIELDS) as [keyof Documents, string][]) {
      const file = documents[side]!;
      body.append(field, file, cleanFileName(file.name));
    }
    const outcome = await upload.send(session.api.auth.registerCreator.upload, body);
    if (!live.current) return;
    if (outcome === null) return setState({ status: 'editing', errors: {}, form: t('notices.uploadCancelled') });
    if (!outcome.ok) {
      const refusal = refusalOf(outcome.error, SHOWN, t);
      setState({ status: 'editing', errors: refusal.fields, form: refusal.form });
      return refused();
    }
    setState({ status: 'pending', email, verifyEmail: outcome.value.requireEmailVerification });
  }

  if (state.status === 'pending') {
    return (
      <RegistrationDone title={t('registration.done.pendingTitle')}>
        <p data-testid="registration-pending">{t('registration.done.pendingBody')}</p>
        {state.verifyEmail ? (
          <>
            <p>{t('registration.done.pendingVerify', { email: state.email })}</p>
            <ResendVerification email={state.email} />
          </>
        ) : null}
      </RegistrationDone>
    );
  }

  return (
    <CreatorCard>
      <p className="muted">{t('registration.creator.intro')}</p>
      <ReferralNote code={referral} />
      <form ref={form} className="form stack" noValidate onSubmit={(event) => void submit(event)} aria-busy={busy} data-state={state.status}>
        <CreatorFields id={id} details={details} set={setDetail} countries={countries} errors={errors} />
        <AccountFields id={id} values={account} set={setAccountField} errors={errors} />
        <DocumentFields
          id={id}
          errors={errors}
          disabled={busy}
          onChoose={(side, file) => {
            setDocuments((current) => ({ ...current, [side]: file }));
            forget(DOCUMENT_FIELDS[side]);
          }}
        />
        <TermsField id={id} checked={account.terms} onChange={(checked) => setAccountField('terms', checked)} error={errors.terms} />
        <FormFailure message={state.status === 'editing' ? state.form : null} />
        <UploadProgress state={upload.state} onCancel={upload.cancel} />
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t('registration.creator.submitting') : t('registration.creator.submit')}
        </button>
      </form>
      <RegistrationLinks other="fan" referral={referral} />
    </CreatorCard>
  );
}
