import { parseAmount } from '@fandeck/widgets/format/money';
import { bandValue, BODY_ATTRIBUTES, type BodyAttribute, type OwnProfile } from './own-profile.js';

const PRICES = ['monthlyPrice', 'quarterlyPrice', 'halfYearlyPrice', 'yearlyPrice', 'privateCallPrice'] as const;

/** The profile form as typed: text as entered, so a price keeps the creator's decimal comma. */
export type ProfileDraft = {
  name: string;
  bio: string;
  country: string;
  city: string;
  state: string;
  dateOfBirth: string;
  gender: string;
  sexualOrientation: string;
  languages: string[];
  categoryIds: string[];
  monthlyPrice: string;
  quarterlyPrice: string;
  halfYearlyPrice: string;
  yearlyPrice: string;
  privateCallPrice: string;
  freeEnabled: boolean;
  freeDays: string;
} & Record<BodyAttribute, string>;

export type SetDraft = <K extends keyof ProfileDraft>(key: K, value: ProfileDraft[K]) => void;

/** An amount as the creator would type it in their language (`9,90` in pt-BR). */
export function amountText(amount: number, locale: string): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(amount);
}

export function draftOf(profile: OwnProfile, locale: string): ProfileDraft {
  const attributes = Object.fromEntries(BODY_ATTRIBUTES.map((key) => [key, bandValue(profile[key])])) as Record<BodyAttribute, string>;
  return {
    name: profile.name,
    bio: profile.bio,
    country: profile.country ?? '',
    city: profile.city ?? '',
    state: profile.state ?? '',
    dateOfBirth: profile.dateOfBirth?.slice(0, 10) ?? '',
    gender: profile.gender ?? '',
    sexualOrientation: profile.sexualOrientation ?? '',
    ...attributes,
    languages: profile.languages,
    categoryIds: profile.categories.map((category) => category._id),
    monthlyPrice: amountText(profile.monthlyPrice, locale),
    quarterlyPrice: amountText(profile.quarterlyPrice, locale),
    halfYearlyPrice: amountText(profile.halfYearlyPrice, locale),
    yearlyPrice: amountText(profile.yearlyPrice, locale),
    privateCallPrice: amountText(profile.privateCallPrice ?? 0, locale),
    freeEnabled: profile.isFreeSubscription,
    freeDays: String(profile.durationFreeSubscriptionDays || 1),
  };
}

/**
 * The PUT /performers/me body of a draft (performer-profile.schemas.ts): empty optional
 * texts are left out, or `null` where that clears them; or the price the form cannot read.
 */
export function bodyOf(draft: ProfileDraft): { ok: true; body: Record<string, unknown> } | { ok: false; field: (typeof PRICES)[number] } {
  const prices: Record<string, number> = {};
  for (const field of PRICES) {
    const amount = parseAmount(draft[field]);
    if (!amount.ok) return { ok: false, field };
    prices[field] = amount.value;
  }
  const text = (value: string) => value.trim() || null;
  const attributes = Object.fromEntries(BODY_ATTRIBUTES.map((key) => [key, draft[key] || null]));
  const days = Number(draft.freeDays);
  return {
    ok: true,
    body: {
      name: draft.name.trim(),
      bio: draft.bio,
      ...(draft.country ? { country: draft.country } : {}),
      city: text(draft.city),
      state: text(draft.state),
      ...(draft.dateOfBirth ? { dateOfBirth: draft.dateOfBirth } : {}),
      ...(draft.gender ? { gender: draft.gender } : {}),
      sexualOrientation: draft.sexualOrientation || null,
      ...attributes,
      languages: draft.languages,
      categoryIds: draft.categoryIds,
      ...prices,
      freeSubscriptionEnabled: draft.freeEnabled,
      // A number the server can refuse by name when it is not a whole count of days.
      ...(draft.freeEnabled ? { freeSubscriptionDays: Number.isFinite(days) ? days : draft.freeDays } : {}),
    },
  };
}

/** The settings' sections the profile's fields are split into, each saved on its own. */
export type ProfilePart = 'profile' | 'prices' | 'calls';

const PART_DRAFT: Record<Exclude<ProfilePart, 'profile'>, readonly (keyof ProfileDraft)[]> = {
  prices: ['monthlyPrice', 'quarterlyPrice', 'halfYearlyPrice', 'yearlyPrice', 'freeEnabled', 'freeDays'],
  calls: ['privateCallPrice'],
};
const PART_BODY: Record<Exclude<ProfilePart, 'profile'>, readonly string[]> = {
  prices: ['monthlyPrice', 'quarterlyPrice', 'halfYearlyPrice', 'yearlyPrice', 'freeSubscriptionEnabled', 'freeSubscriptionDays'],
  calls: ['privateCallPrice'],
};
const OTHER_PARTS = new Set<string>([...PART_DRAFT.prices, ...PART_DRAFT.calls]);
const OTHER_BODY = [...PART_BODY.prices, ...PART_BODY.calls];

/**
 * A part of the draft: its fields as one text (what the guard compares with the saved
 * one) and whether a PUT /performers/me body's field is this part's to send.
 */
export function partOf(draft: ProfileDraft, part: ProfilePart): { draft: string; sends: (field: string) => boolean } {
  const keys = part === 'profile' ? (Object.keys(draft) as (keyof ProfileDraft)[]).filter((key) => !OTHER_PARTS.has(key)).sort() : PART_DRAFT[part];
  const sends = part === 'profile' ? (field: string) => !OTHER_BODY.includes(field) : (field: string) => PART_BODY[part].includes(field);
  return { draft: JSON.stringify(keys.map((key) => draft[key])), sends };
}
