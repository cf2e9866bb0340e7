/**
 * The auth domain's door: what other domains may use of it (the creators' registration
 * reuses the fans' sign-up; sockets sign in with the same tokens).
 */
// Sign-up, shared by the creators' registration
export { newAccountValues, registerWithoutRevealingEmail, sendVerificationMail } from './auth.service.js';
export { performerRegisterSchema, type PerformerRegister } from './auth.schemas.js';
export { registered, registrationAnswer } from './registration-answer.js';
// Signing a request or a socket in with a bearer token (the app's hook, the socket server)
export { authenticateRequest, resolveSocketToken } from './auth.guard.js';
// The extension point's type (`deps.get('auth')`): signing a connection in
export type { AuthExtension } from './auth.extension.js';
// Permission names of staff roles, and the catalogue the boot writes to `permissions`
export { isPermissionKey, PERMISSIONS, type PermissionKey } from './permissions.js';
