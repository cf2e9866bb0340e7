import { LIMITS } from '@fandeck/contract';
import { z } from 'zod';
import { ID_PATTERN } from '../../db/schema/ids.js';
import { amountSchema } from '../../money/amounts.js';
import { countryCodeSchema, genderSchema, personNameSchema, usernameSchema } from '../accounts/index.js';
import { type BodyAttribute, bodyAttributeSchema, findLanguage, isKnownCountry } from '../reference/index.js';

/** Older forms wrote bands with a hyphen (`167-169`); the stored form is `167_169`. Creator list filters take them the same way. */
export const bodyAttributeBand = (key: BodyAttribute) =>
  z.preprocess((value) => (typeof value === 'string' ? value.trim().replace(/^(\d+)-(\d+)$/, '$1_$2') : value), bodyAttributeSchema(key));
/** An attribute the creator may also clear with `null`. */
const attribute = (key: BodyAttribute) => bodyAttributeBand(key).nullable().optional();
const place = (max: number) => z.string().trim().min(1, 'must not be empty').max(max).nullable().optional();
const country = countryCodeSchema.refine(isKnownCountry, 'must be an ISO 3166 alpha-2 country code');
const price = amountSchema.optional();
const freeDays = z.number().int().min(LIMITS.profile.freeSubscriptionDaysMin).max(LIMITS.profile.freeSubscriptionDaysMax);
/** The most a private call may cost: 10,000.00 (the default tip maximum). */
export const PRIVATE_CALL_PRICE_MAX_CENTS = LIMITS.profile.privateCallPriceMaxCents;
/** A private call's price: 0 is a free call. No platform setting bounds it, so the limits live here. */
const privateCallPrice = amountSchema
  .pipe(z.number().int().min(0, 'must not be negative').max(PRIVATE_CALL_PRICE_MAX_CENTS, 'must be at most 10000.00'))
  .optional();

/**
 * A creator's profile as their settings form sends it. Every field is optional (absent
 * means unchanged, `null` clears what may be cleared); keys the form sends that this
 * route does not take are dropped (api-contract.md section 7).
 */
export const performerProfileUpdateSchema = z.object({
  name: personNameSchema.min(1, 'must not be empty').optional(),
  firstName: personNameSchema.optional(),
  lastName: personNameSchema.optional(),
  username: usernameSchema.optional(),
  bio: z.string().max(LIMITS.profile.bioMax).optional(),
  gender: genderSchema.optional(),
  country: country.optional(),
  /** The name the fan side uses for the same field. */
  countryCode: country.optional(),
  city: place(LIMITS.profile.placeMax),
  state: place(LIMITS.profile.placeMax),
  address: place(200),
  zipcode: z.string().trim().regex(/^[A-Za-z0-9 -]{3,12}$/, 'must be a postal code').nullable().optional(),
  dateOfBirth: z.iso.date('must be a date as YYYY-MM-DD').optional(),
  languages: z
    .array(z.string().trim().refine((code) => findLanguage(code) !== undefined, 'must be an ISO 639 language code'))
    .max(20)
    .transform((codes) => [...new Set(codes.map((code) => code.toLowerCase()))])
    .optional(),
  height: attribute('height'),
  weight: attribute('weight'),
  age: attribute('age'),
  bodyType: attribute('bodyType'),
  ethnicity: attribute('ethnicity'),
  size: attribute('size'),
  hair: attribute('hair'),
  eyes: attribute('eyes'),
  sexualOrientation: attribute('sexualOrientation'),
  monthlyPrice: price,
  quarterlyPrice: price,
  halfYearlyPrice: price,
  yearlyPrice: price,
  privateCallPrice,
  freeSubscriptionEnabled: z.boolean().optional(),
  /** The name the profile answers with. */
  isFreeSubscription: z.boolean().optional(),
  freeSubscriptionDays: freeDays.optional(),
  durationFreeSubscriptionDays: freeDays.optional(),
  categoryIds: z.array(z.string().regex(ID_PATTERN, 'must be a category id')).max(20).optional(),
});
export type PerformerProfileUpdate = z.infer<typeof performerProfileUpdateSchema>;

export const PRICE_FIELDS = ['monthlyPrice', 'quarterlyPrice', 'halfYearlyPrice', 'yearlyPrice'] as const;
export type PriceField = (typeof PRICE_FIELDS)[number];
