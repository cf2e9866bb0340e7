/**
 * The auth domain's door: what other domains may use of it (the creators' registration
 * reuses the fans' sign-up; sockets sign in with the same tokens).
 */
// Sign-up, shared by the creators' registration
export { newAccountValues, registerWithoutRevealingEmail, sendVerificationMail } from './auth.service.js';
export { performerRegisterSchema, type PerformerRegister } from './auth.schemas.js';
export { registered, registrationAnswer } from './registration-answer.js';
// Signing a socket in with a bearer token
export { resolveSocketToken } from './auth.guard.js';
// Permission names of staff roles
export type { PermissionKey } from './permissions.js';
