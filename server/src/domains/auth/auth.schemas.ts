import { LIMITS } from '@fandeck/contract';
import { z } from 'zod';
import { countryCodeSchema, emailSchema, genderSchema, newUsernameSchema, passwordSchema, personNameSchema } from '../accounts/index.js';

export const loginBodySchema = z
  .object({
    username: z.string().trim().min(1).max(LIMITS.account.emailMax).optional(),
    email: z.string().trim().min(1).max(LIMITS.account.emailMax).optional(),
    password: z.string().min(1, 'is required').max(LIMITS.account.passwordMax),
    remember: z.boolean().optional(),
  })
  .refine((b) => b.username || b.email, { message: 'username or email is required', path: ['username'] });

export const fanRegisterSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  username: newUsernameSchema.optional(),
  name: personNameSchema.optional(),
  firstName: personNameSchema.optional(),
  lastName: personNameSchema.optional(),
  gender: genderSchema.optional(),
  phone: z.string().max(LIMITS.account.phoneMax).optional(),
  countryCode: countryCodeSchema.optional(),
  /** The referrer's code, from the registration link (`?ref=`); an unknown code is ignored. */
  referralCode: z.string().max(64).optional(),
  ref: z.string().max(64).optional(),
});
export type FanRegister = z.infer<typeof fanRegisterSchema>;

export const performerRegisterSchema = fanRegisterSchema.extend({
  username: newUsernameSchema,
  firstName: personNameSchema.min(1, 'is required'),
  lastName: personNameSchema.min(1, 'is required'),
  gender: genderSchema,
  countryCode: countryCodeSchema,
  dateOfBirth: z.iso.date('must be a date as YYYY-MM-DD'),
  phone: z.string().min(1, 'is required').max(LIMITS.account.phoneMax),
});
export type PerformerRegister = z.infer<typeof performerRegisterSchema>;
