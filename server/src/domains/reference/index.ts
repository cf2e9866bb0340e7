/** The reference domain's door: the fixed lists others validate against. */
// Countries, languages, locales and phone numbers
export { isKnownCountry } from './countries.js';
export { findLanguage } from './language-data.js';
export { isSupportedCultureName } from './locales.js';
export { validatePhoneNumber } from './phone.js';
// The country of a visitor's address, for creators' blocked countries
export { countryOfIp } from './geo-ip.js';
// A profile's body attributes
export { bodyAttributeSchema, type BodyAttribute } from './user-additional.js';
