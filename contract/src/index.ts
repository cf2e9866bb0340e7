/**
 * @fandeck/contract: what server, widgets and host agree on. Plain data and types only;
 * the zod schemas live in `@fandeck/contract/schemas` for the server.
 */
export * from './access.js';
export * from './embed-match.js';
export * from './embeds.js';
export * from './errors.js';
export * from './events.js';
export * from './limits.js';
export * from './match.js';
export * from './money.js';
export * from './paths.js';
export * from './routes.js';
export * from './subscriptions.js';
export * from './messaging.js';
export * from './streaming.js';
export * from './gifts.js';
export * from './admin-catalog.js';
export * from './usernames.js';
export * from './content.js';
export * from './api-types.js';
export * from './call-routes.js';
export * from './route-types.js';
export * from './accounts.js';
export * from './payments.js';
export * from './creator-settings.js';
export * from './reference.js';
export * from './staff.js';
