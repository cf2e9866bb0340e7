export * from './users.js';
export * from './performers.js';
export * from './settings.js';
export * from './ledger.js';
export * from './embeds.js';
export * from './wallet.js';
export * from './payments.js';
export * from './jobs.js';
