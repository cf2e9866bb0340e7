import { LIMITS } from '@fandeck/contract';
import { useCallback, useId, useMemo, useRef, useState, useEffect, type FormEvent } from 'react';
import { useTranslation } from '@fandeck/widgets/i18n';
import { PageStatus } from '../../components/page-status.js';
import { session } from '../../session/session.js';
import { refusedFields, type OwnProfile } from './own-profile.js';
import { PrivateCallPrice, SubscriptionPrices } from './price-fields.js';
import { ProfileAttributes } from './profile-attributes.js';
import { bodyOf, draftOf, partOf, type ProfilePart, type ProfileDraft, type SetDraft } from './profile-draft.js';
import { useUnsaved } from './unsaved-guard.js';
import { useReferenceData, type ReferenceData } from './reference-data.js';
import { ChoiceSelect, errorFor, Field, SaveStatus, type SaveState } from './settings-fields.js';

/** The names this form shows a refusal under (what `body.<name>` may say). */
const SHOWN = new Set([
  'name', 'bio', 'country', 'countryCode', 'city', 'state', 'dateOfBirth', 'gender', 'sexualOrientation',
  'height', 'weight', 'age', 'bodyType', 'ethnicity', 'size', 'hair', 'eyes', 'languages', 'categoryIds',
  'monthlyPrice', 'quarterlyPrice', 'halfYearlyPrice', 'yearlyPrice', 'privateCallPrice', 'freeSubscriptionDays',
]);

export interface ProfileSectionProps {
  profile: OwnProfile;
  /** Which of the profile's sections: the profile itself, the subscription prices, the private call price. */
  part: ProfilePart;
  /** Told after a save, so the page reads the profile again. */
  onSaved: () => void;
}

/** A section of the profile (PUT /performers/me with its own fields only): its lists load first, then the form pre-filled from GET /performers/me. */
export function ProfileSection({ profile, part, onSaved }: ProfileSectionProps) {
  const { t } = useTranslation();
  const reference = useReferenceData();
  return (
    <section className="settings__section stack" data-testid={`creator-${part}`}>
      {reference.state.status === 'loading' ? <PageStatus kind="loading" /> : null}
      {reference.state.status === 'failed' ? (
        <PageStatus kind="error" message={`${t('creatorSettings.profile.referenceFailed')} ${reference.state.message}`} onRetry={() => void reference.retry()} />
      ) : null}
      {reference.state.status === 'ready' ? <ProfileForm profile={profile} part={part} reference={reference.state.value} onSaved={onSaved} /> : null}
    </section>
  );
}

function ProfileForm({ profile, part, reference, onSaved }: ProfileSectionProps & { reference: ReferenceData }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  // Filled once: later re-reads of the profile (the welcome video's) leave what is typed alone.
  const [draft, setDraft] = useState<ProfileDraft>(() => draftOf(profile, i18n.language));
  const [saved, setSaved] = useState(() => partOf(draft, part).draft);
  useUnsaved(partOf(draft, part).draft !== saved);
  const [save, setSave] = useState<SaveState>({ status: 'idle' });
  const live = useRef(true);
  useEffect(
    () => () => {
      live.current = false;
    },
    [],
  );
  const set: SetDraft = useCallback((key, value) => setDraft((current) => ({ ...current, [key]: value })), []);
  const countries = useMemo(() => {
    const names = regionNames(i18n.language);
    return reference.countries
      .map((country) => ({ code: country.code, name: names?.of(country.code) ?? country.name }))
      .sort((a, b) => a.name.localeCompare(b.name, i18n.language));
  }, [reference.countries, i18n.language]);
  const saving = save.status === 'saving';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const request = bodyOf(draft);
    if (!request.ok) return setSave({ status: 'failed', message: t('creatorSettings.profile.priceInvalid'), fields: [request.field] });
    setSave({ status: 'saving' });
    const sent = partOf(draft, part);
    const outcome = await session.api.performers.updateMe(Object.fromEntries(Object.entries(request.body).filter(([key]) => sent.sends(key))));
    if (!live.current) return;
    if (!outcome.ok) {
      const fields = refusedFields(outcome.error).map((field) => (field === 'countryCode' ? 'country' : field)).filter((field) => SHOWN.has(field));
      return setSave({ status: 'failed', message: outcome.error.message, fields });
    }
    // A creator's profile update re-fetches the user (name and the like show in the header).
    await session.user.refresh();
    if (!live.current) return;
    setSaved(sent.draft);
    setSave({ status: 'saved' });
    onSaved();
  }

  return (
    <form className="form stack" noValidate onSubmit={(event) => void submit(event)} aria-busy={saving} data-state={save.status}>
      {part === 'prices' ? <SubscriptionPrices id={id} draft={draft} set={set} save={save} /> : null}
      {part === 'calls' ? <PrivateCallPrice id={id} draft={draft} set={set} save={save} /> : null}
      {part === 'profile' ? <ProfileFields id={id} draft={draft} set={set} save={save} reference={reference} countries={countries} /> : null}
      <SaveStatus state={save} />
      <button type="submit" className="button button--primary" disabled={saving}>
        {saving ? t('creatorSettings.saving') : t('creatorSettings.save')}
      </button>
    </form>
  );
}

interface ProfileFieldsProps {
  id: string;
  draft: ProfileDraft;
  set: SetDraft;
  save: SaveState;
  reference: ReferenceData;
  countries: { code: string; name: string }[];
}

function ProfileFields({ id, draft, set, save, reference, countries }: ProfileFieldsProps) {
  const { t } = useTranslation();
  const text = (name: 'name' | 'city' | 'state', autoComplete: string, max: number) => (
    <Field id={`${id}-${name}`} label={t(`creatorSettings.profile.${name}`)} error={errorFor(save, name)}>
      {(control) => <input {...control} name={name} autoComplete={autoComplete} maxLength={max} value={draft[name]} onChange={(event) => set(name, event.target.value)} />}
    </Field>
  );
  return (
    <>
      {text('name', 'name', LIMITS.account.personNameMax)}
      <Field id={`${id}-bio`} label={t('creatorSettings.profile.bio')} error={errorFor(save, 'bio')}>
        {(control) => <textarea {...control} name="bio" rows={4} maxLength={LIMITS.profile.bioMax} value={draft.bio} onChange={(event) => set('bio', event.target.value)} />}
      </Field>
      <div className="settings__grid">
        <Field id={`${id}-country`} label={t('creatorSettings.profile.country')} error={errorFor(save, 'country')}>
          {(control) => (
            <select {...control} name="country" autoComplete="country" value={draft.country} onChange={(event) => set('country', event.target.value)}>
              <option value="">{t('creatorSettings.none')}</option>
              {countries.map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        {text('state', 'address-level1', LIMITS.profile.placeMax)}
        {text('city', 'address-level2', LIMITS.profile.placeMax)}
        <Field id={`${id}-dateOfBirth`} label={t('creatorSettings.profile.dateOfBirth')} error={errorFor(save, 'dateOfBirth')}>
          {(control) => <input {...control} name="dateOfBirth" type="date" autoComplete="bday" value={draft.dateOfBirth} onChange={(event) => set('dateOfBirth', event.target.value)} />}
        </Field>
        <ChoiceSelect
          id={`${id}-gender`}
          name="gender"
          label={t('creatorSettings.profile.gender')}
          choices={reference.attributes.gender}
          value={draft.gender}
          onChange={(value) => set('gender', value)}
          error={errorFor(save, 'gender')}
          clearable={false}
        />
        <ChoiceSelect
          id={`${id}-sexualOrientation`}
          name="sexualOrientation"
          label={t('creatorSettings.profile.sexualOrientation')}
          choices={reference.attributes.sexualOrientation}
          value={draft.sexualOrientation}
          onChange={(value) => set('sexualOrientation', value)}
          error={errorFor(save, 'sexualOrientation')}
        />
      </div>
      <ProfileAttributes id={id} draft={draft} set={set} save={save} reference={reference} />
    </>
  );
}

/** Country names in the reader's language; the catalogue's English name where the engine has none. */
function regionNames(locale: string): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    return null;
  }
}
