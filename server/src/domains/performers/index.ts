/** The performers domain's door: what other domains (payouts, reactions) use of it. */
// A creator's banking and payment gateway settings, for payouts
export {
  bankingSettingsSchema,
  bankingSettingsView,
  clearBankingMethod,
  clearStripeAccount,
  isValidCnpj,
  isValidCpf,
  maskNumber,
  normalisePixKey,
  paymentGatewaySettingsSchema,
  paymentGatewaySettingsView,
  payoutSettingsOf,
  saveBanking,
  saveGateway,
  type BankingSettingsInput,
} from './payout-settings.js';
export { BANK_ACCOUNT_TYPES, PIX_KEY_TYPES, type PixKeyType } from './performers.tables.js';
// Creator profiles as clients see them
export { findProfileRow, presentProfiles } from './performers.service.js';
export { performerSchema } from './performers.presenter.js';
