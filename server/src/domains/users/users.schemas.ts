import { LIMITS } from '@fandeck/contract';
import { z } from 'zod';
import { countryCodeSchema, genderSchema, personNameSchema, usernameSchema } from '../accounts/index.js';
import { isSupportedCultureName } from '../reference/index.js';

const timezones = new Set(Intl.supportedValuesOf('timeZone'));

export const profileUpdateSchema = z
  .object({
    name: personNameSchema.min(1, 'must not be empty').optional(),
    firstName: personNameSchema.optional(),
    lastName: personNameSchema.optional(),
    username: usernameSchema.optional(),
    gender: genderSchema.optional(),
    phone: z.string().max(LIMITS.account.phoneMax).optional(),
    countryCode: countryCodeSchema.optional(),
    // Spec section 5: accepted only when on the list of supported culture names.
    locale: z.string().max(20).refine(isSupportedCultureName, 'is not a supported locale').optional(),
    timezone: z.string().max(64).refine((tz) => timezones.has(tz), 'is not a known time zone').optional(),
  });
// Not strict: existing clients send the whole account back (`email`, `role`...); keys this
// route does not take are dropped, never applied (api-contract.md section 7).
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
