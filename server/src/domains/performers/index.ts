/** The performers domain's door: what other domains (payouts, reactions) use of it. */
// A creator's banking and payment gateway settings, for payouts
export {
  bankingSettingsSchema,
  bankingSettingsView,
  maskNumber,
  paymentGatewaySettingsSchema,
  paymentGatewaySettingsView,
  payoutSettingsOf,
  saveBanking,
  saveGateway,
  type BankingSettingsInput,
} from './payout-settings.js';
// Creator profiles as clients see them
export { findProfileRow, presentProfiles } from './performers.service.js';
export { performerSchema } from './performers.presenter.js';
