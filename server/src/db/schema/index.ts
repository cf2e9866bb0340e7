export * from './users.js';
export * from './performers.js';
export * from './settings.js';
export * from './ledger.js';
