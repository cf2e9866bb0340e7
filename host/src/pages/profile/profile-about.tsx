import { Suspense } from 'react';
import { useNamespaces, useTranslation } from '@fandeck/widgets/i18n';
import type { PerformerProfile } from '../../data/performers.js';
import { useChoiceLabel } from '../creator-settings/settings-fields.js';
import type { AttributeKey } from '../creator-settings/reference-data.js';

/** The body attributes a creator may fill in, in the order the page lists them. */
const ATTRIBUTES = ['age', 'height', 'weight', 'bodyType', 'size', 'hair', 'eyes', 'ethnicity', 'sexualOrientation'] as const satisfies readonly AttributeKey[];

/**
 * "About": the creator's bio, then what they chose to tell about themselves (body
 * attributes, where they are, the languages they speak), each worded in the fan's
 * language. Nothing said, nothing shown; no bio, a designed line.
 */
export function ProfileAbout({ performer }: { performer: PerformerProfile }) {
  const { t } = useTranslation();
  return (
    <section id="about" className="profile__about" aria-labelledby="about-title">
      <h2 id="about-title">{t('profile.about')}</h2>
      <p className="profile__bio">{performer.bio || t('profile.noBio')}</p>
      <Suspense fallback={null}>
        <ProfileDetails performer={performer} />
      </Suspense>
    </section>
  );
}

function ProfileDetails({ performer }: { performer: PerformerProfile }) {
  // The attributes' words are the creator settings' own (the lists the creator picked from).
  useNamespaces('creatorSettings');
  const { t, i18n } = useTranslation();
  const choiceLabel = useChoiceLabel();
  const facts: [string, string][] = [];
  for (const key of ATTRIBUTES) {
    const value = performer.bodyInfo?.[key];
    if (value) facts.push([t(`profile.attribute.${key}`), withUnit(key, choiceLabel(key, { value, label: value }))]);
  }
  const place = [performer.city, performer.state, countryName(performer.countryCode, i18n.language)].filter(Boolean).join(', ');
  if (place) facts.push([t('profile.location'), place]);
  const languages = (performer.languages ?? []).map((code) => languageName(code, i18n.language)).join(', ');
  if (languages) facts.push([t('profile.languages'), languages]);
  if (facts.length === 0) return null;
  return (
    <dl className="profile__details" aria-label={t('profile.details')} data-testid="profile-details">
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A height or weight band written as bare numbers ("182-184") gets its unit. */
function withUnit(key: string, text: string): string {
  const unit = UNITS[key];
  return unit && /^[\d\s–-]+$/.test(text) ? `${text} ${unit}` : text;
}

const UNITS: Partial<Record<string, string>> = { height: 'cm', weight: 'kg' };

function countryName(code: string | null | undefined, locale: string): string {
  if (!code) return '';
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

function languageName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}
