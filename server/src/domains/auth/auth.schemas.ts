import { z } from 'zod';
import { countryCodeSchema, emailSchema, genderSchema, newUsernameSchema, passwordSchema, personNameSchema } from '../accounts/accounts.schemas.js';

export const loginBodySchema = z
  .object({
    username: z.string().trim().min(1).max(254).optional(),
    email: z.string().trim().min(1).max(254).optional(),
    password: z.string().min(1, 'is required').max(128),
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
  phone: z.string().max(32).optional(),
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
  phone: z.string().min(1, 'is required').max(32),
});
export type PerformerRegister = z.infer<typeof performerRegisterSchema>;
