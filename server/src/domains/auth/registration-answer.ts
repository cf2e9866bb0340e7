import { z } from 'zod';
import { envelopeSchema } from '../../http/envelope.js';

/** The answer to a fan's or a creator's registration (auth's and performers' register routes). */
export const registered = envelopeSchema(z.object({ _id: z.string(), message: z.string(), requireEmailVerification: z.boolean() }));

export function registrationAnswer(user: { id: string; status: string }) {
  const pending = user.status === 'pending-email-confirmation';
  return {
    _id: user.id,
    requireEmailVerification: pending,
    message: pending ? 'Check your inbox to verify your email address' : 'Your account is ready',
  };
}
