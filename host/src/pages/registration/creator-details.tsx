import { LIMITS } from '@fandeck/contract';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '@fandeck/widgets/i18n';
import type { Country } from '@fandeck/contract';
import { session } from '../../session/session.js';
import type { FileUploadState } from '../../components/file-upload.js';
import { Field } from '../creator-settings/settings-fields.js';
import { ageOf, requireText, type FieldErrors, type Translate } from './registration-form.js';

/** What a creator tells about themself at registration (performerRegisterSchema). */
export interface CreatorDetails {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  gender: string;
  countryCode: string;
  phone: string;
}

export const emptyDetails: CreatorDetails = { firstName: '', lastName: '', dateOfBirth: '', gender: '', countryCode: '', phone: '' };

/** The server's genders (accounts.schemas.ts genderSchema). */
const GENDERS = ['male', 'female', 'trans'] as const;

/** The document files, under the server's field names: the front is `idVerification`, the back `documentVerification`. */
export const DOCUMENT_FIELDS = { front: 'idVerification', back: 'documentVerification' } as const;
export type DocumentSide = keyof typeof DOCUMENT_FIELDS;
export type Documents = Record<DocumentSide, File | null>;
/** The kinds the server accepts for a document (performer-registration.ts). */
const DOCUMENT_TYPES = 'image/jpeg,image/png,image/webp,application/pdf';

/** The countries, named in the reader's language and sorted so, each with its dial code. */
export interface CountryChoice extends Country {
  dial: string | null;
}

type Lists = { status: 'loading' } | { status: 'ready'; countries: CountryChoice[] } | { status: 'failed'; message: string };

/** The countries and their dial codes (both public and cached by the server). */
export function useCountryChoices() {
  const { i18n } = useTranslation();
  const [state, setState] = useState<Lists>({ status: 'loading' });
  const load = useCallback(async () => {
    setState({ status: 'loading' });
    const [countries, phones] = await Promise.all([session.api.reference.countries(), session.api.reference.phoneCodes()]);
    if (!countries.ok) return setState({ status: 'failed', message: countries.error.message });
    // Without dial codes the phone is typed whole (+55 …); the form still works.
    const dials = new Map((phones.ok ? phones.value : []).map((phone) => [phone.iso.toUpperCase(), phone.code]));
    const names = regionNames(i18n.language);
    const choices = countries.value
      .map((country) => ({ code: country.code.toUpperCase(), name: names?.of(country.code.toUpperCase()) ?? country.name, dial: dials.get(country.code.toUpperCase()) ?? null }))
      .sort((a, b) => a.name.localeCompare(b.name, i18n.language));
    setState({ status: 'ready', countries: choices });
  }, [i18n.language]);
  useEffect(() => void load(), [load]);
  return { state, retry: load };
}

/** The region of the reader's language (pt-BR: BR), to preselect their country. */
export function countryOfLocale(locale: string, countries: readonly CountryChoice[]): string {
  const region = /^[a-z]{2,3}-([A-Z]{2})$/i.exec(locale)?.[1]?.toUpperCase();
  return region && countries.some((country) => country.code === region) ? region : '';
}

/** The phone as the server checks it: international, so the country's dial code goes first unless typed. */
export function internationalPhone(phone: string, dial: string | null): string {
  const typed = phone.trim();
  if (!typed || !dial || typed.startsWith('+') || typed.startsWith('00')) return typed;
  return `+${dial} ${typed}`;
}

/** The creator part checked before sending; the age rule is the server's, said earlier to spare the upload. */
export function checkDetails(details: CreatorDetails, documents: Documents, t: Translate): FieldErrors {
  const errors: FieldErrors = {};
  requireText(errors, 'firstName', details.firstName, t);
  requireText(errors, 'lastName', details.lastName, t);
  const age = ageOf(details.dateOfBirth);
  if (!details.dateOfBirth) errors.dateOfBirth = t('registration.invalid.required');
  else if (age === null) errors.dateOfBirth = t('registration.invalid.dateOfBirth');
  else if (age < 18) errors.dateOfBirth = t('errors.performers.too_young');
  if (!details.gender) errors.gender = t('registration.invalid.choose');
  if (!details.countryCode) errors.countryCode = t('registration.invalid.choose');
  requireText(errors, 'phone', details.phone, t);
  for (const [side, field] of Object.entries(DOCUMENT_FIELDS) as [DocumentSide, string][]) {
    if (!documents[side]) errors[field] = t('registration.invalid.document');
  }
  return errors;
}

export interface CreatorFieldsProps {
  id: string;
  details: CreatorDetails;
  set: (key: keyof CreatorDetails, value: string) => void;
  countries: readonly CountryChoice[];
  errors: FieldErrors;
}

/** Name, date of birth, gender, country and phone: what the server needs of a creator beyond an account. */
export function CreatorFields({ id, details, set, countries, errors }: CreatorFieldsProps) {
  const { t } = useTranslation();
  const dial = countries.find((country) => country.code === details.countryCode)?.dial ?? null;
  const text = (name: 'firstName' | 'lastName', autoComplete: string) => (
    <Field id={`${id}-${name}`} label={t(`registration.fields.${name}`)} error={errors[name]}>
      {(control) => <input {...control} name={name} autoComplete={autoComplete} maxLength={LIMITS.account.personNameMax} value={details[name]} onChange={(event) => set(name, event.target.value)} />}
    </Field>
  );
  return (
    <div className="settings__grid">
      {text('firstName', 'given-name')}
      {text('lastName', 'family-name')}
      <Field id={`${id}-dateOfBirth`} label={t('registration.fields.dateOfBirth')} hint={t('registration.fields.dateOfBirthHint')} error={errors.dateOfBirth}>
        {(control) => <input {...control} name="dateOfBirth" type="date" autoComplete="bday" value={details.dateOfBirth} onChange={(event) => set('dateOfBirth', event.target.value)} />}
      </Field>
      <Field id={`${id}-gender`} label={t('registration.fields.gender')} error={errors.gender}>
        {(control) => (
          <select {...control} name="gender" value={details.gender} onChange={(event) => set('gender', event.target.value)}>
            <option value="">{t('registration.fields.choose')}</option>
            {GENDERS.map((gender) => (
              <option key={gender} value={gender}>
                {t(`registration.genders.${gender}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={`${id}-countryCode`} label={t('registration.fields.countryCode')} error={errors.countryCode}>
        {(control) => (
          <select {...control} name="countryCode" autoComplete="country" value={details.countryCode} onChange={(event) => set('countryCode', event.target.value)}>
            <option value="">{t('registration.fields.choose')}</option>
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        id={`${id}-phone`}
        label={t('registration.fields.phone')}
        hint={dial ? t('registration.fields.phoneHintDial', { dial }) : t('registration.fields.phoneHint')}
        error={errors.phone}
      >
        {(control) => <input {...control} name="phone" type="tel" autoComplete="tel-national" maxLength={LIMITS.account.phoneMax} value={details.phone} onChange={(event) => set('phone', event.target.value)} />}
      </Field>
    </div>
  );
}

export interface DocumentFieldsProps {
  id: string;
  onChoose: (side: DocumentSide, file: File | null) => void;
  errors: FieldErrors;
  disabled: boolean;
}

/** The two ID document files; they go with the registration itself, in one request. */
export function DocumentFields({ id, onChoose, errors, disabled }: DocumentFieldsProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="settings__group" data-testid="registration-documents">
      <legend>{t('registration.documents.title')}</legend>
      <p className="muted">{t('registration.documents.intro')}</p>
      {(Object.entries(DOCUMENT_FIELDS) as [DocumentSide, string][]).map(([side, field]) => (
        <Field key={side} id={`${id}-${field}`} label={t(`registration.documents.${side}`)} hint={t('registration.documents.hint')} error={errors[field]}>
          {(control) => (
            <input {...control} name={field} type="file" accept={DOCUMENT_TYPES} disabled={disabled} onChange={(event) => onChoose(side, event.target.files?.[0] ?? null)} />
          )}
        </Field>
      ))}
    </fieldset>
  );
}

/** The registration's upload: a progress bar with a cancel while the files go, then a note while the server checks them. */
export function UploadProgress({ state, onCancel }: { state: FileUploadState; onCancel: () => void }) {
  const { t } = useTranslation();
  if (state.status === 'uploading') {
    const percent = state.total > 0 ? Math.floor((state.loaded / state.total) * 100) : 0;
    return (
      <div className="picture-upload__progress" role="status" data-testid="registration-upload">
        <progress max={100} value={percent} aria-label={t('registration.documents.sending', { percent })} />
        <button type="button" className="button" onClick={onCancel}>
          {t('registration.documents.cancel')}
        </button>
      </div>
    );
  }
  if (state.status === 'processing') {
    return (
      <p className="muted" role="status" data-testid="registration-upload">
        {t('registration.documents.processing')}
      </p>
    );
  }
  return null;
}

/** Country names in the reader's language; the catalogue's English name where the engine has none. */
function regionNames(locale: string): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    return null;
  }
}
