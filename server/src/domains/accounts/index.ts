/**
 * The accounts domain's door: what other domains may use of it. Anything not here is
 * internal; reach it through this file or the `accounts` extension point.
 */
// Writing and naming accounts (to find one, use the extension point)
export { checkPhone, displayName, insertUser, rethrowUserConflict, type Account } from './accounts.service.js';
// The fields of an account as forms take them
export { countryCodeSchema, emailSchema, genderSchema, newUsernameSchema, passwordSchema, personNameSchema, usernameChange, usernameSchema } from './accounts.schemas.js';
// An account as others see it: its schema, avatars and file addresses
export { AVATAR_PLACEHOLDER, fileUrl, userSchema } from './accounts.presenter.js';
// Passwords: hashing and checking
export { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.js';
// Whether an account may sign in
export { isInactive, signInRefusal } from './account-status.js';
// Creator verification, which gates selling and publishing
export { isVerifiedCreator, NOT_VERIFIED, PENDING_APPROVAL, requireApprovedToSell, requireVerifiedCreator } from './creator-verification.js';
// The extension point's type (`deps.get('accounts')`): finding an account, its owner's view
export type { AccountsExtension } from './accounts.plugin.js';
