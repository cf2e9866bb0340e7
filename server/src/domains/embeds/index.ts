/** The embeds domain's door: what the site and the API's scopes use of it. */
// The bridge and login pages third-party frames load
export { registerEmbedPages } from './embed-pages.js';
// A creator's listed origins, and the creators who list an origin
export { isNormalisedOrigin } from './embed-origin.js';
export { creatorOrigins, creatorsOwningOrigin } from './embeds.service.js';
