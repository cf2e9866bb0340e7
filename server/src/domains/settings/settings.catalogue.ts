import { LIMITS } from '@fandeck/contract';
import { z } from 'zod';
import { isSupportedCultureName } from '../reference/index.js';

/**
 * Every setting the platform knows, its default (spec section 9), whether the public
 * endpoint shows it, and the schema an admin change must pass. Amounts are decimal
 * units here because that is what clients read.
 */
interface SettingDefinition<T extends z.ZodType = z.ZodType> {
  schema: T;
  default: z.infer<T>;
  visibility: 'public' | 'private';
  group: string;
}

const def = <T extends z.ZodType>(
  schema: T,
  defaultValue: z.infer<T>,
  visibility: 'public' | 'private',
  group: string,
): SettingDefinition<T> => ({ schema, default: defaultValue, visibility, group });

const price = z.number().min(0).max(100000).multipleOf(0.01);
const percent = z.number().min(0).max(1);
// Spec section 5: a locale is accepted only if it is on the list of supported culture names.
const localeTag = z.string().max(20).refine(isSupportedCultureName, 'must be a supported locale such as pt-BR');

export const SETTINGS = {
  siteName: def(z.string().min(1).max(LIMITS.catalog.siteNameMax), 'Fandeck', 'public', 'general'),
  logoUrl: def(z.string().max(500), '/brand/logo.svg', 'public', 'general'),
  darkmodeLogoUrl: def(z.string().max(500), '/brand/logo-dark.svg', 'public', 'general'),
  faviconUrl: def(z.string().max(500), '/brand/favicon.svg', 'public', 'general'),
  menus: def(
    z.array(z.object({ title: z.string().max(100), path: z.string().max(500), section: z.enum(['header', 'footer']) })).max(50),
    [],
    'public',
    'general',
  ),
  maintenanceMode: def(z.boolean(), false, 'public', 'general'),
  requireEmailVerification: def(z.boolean(), false, 'public', 'auth'),
  hashPasswordOnClient: def(z.boolean(), false, 'public', 'auth'),
  gaCode: def(z.string().max(50), '', 'public', 'analytics'),
  locale: def(localeTag, 'pt-BR', 'public', 'locale'),
  defaultLocale: def(localeTag, 'pt-BR', 'public', 'locale'),
  supportedLocales: def(z.array(localeTag).min(1).max(50), ['pt-BR', 'en', 'es'], 'public', 'locale'),
  paymentGateway: def(z.enum(['pix-sandbox', 'pix', 'stripe']), 'pix-sandbox', 'public', 'payment'),
  stripePublishableKey: def(z.string().max(200), '', 'public', 'payment'),
  freeSubscriptionEnabled: def(z.boolean(), true, 'public', 'subscription'),
  freeSubscriptionDuration: def(z.number().int().min(1).max(365), 1, 'public', 'subscription'),
  minSubscriptionPrice: def(price, 5.95, 'public', 'limits'),
  maxSubscriptionPrice: def(price, 300, 'public', 'limits'),
  minYearlySubscriptionPrice: def(price, 2.95, 'public', 'limits'),
  maxYearlySubscriptionPrice: def(price, 300, 'public', 'limits'),
  minTopupWalletAmount: def(price, 2.95, 'public', 'limits'),
  maxTopupWalletAmount: def(price, 300, 'public', 'limits'),
  minTipAmount: def(price, 10, 'public', 'limits'),
  maxTipAmount: def(price, 10000, 'public', 'limits'),
  minPayoutAmount: def(price, 50, 'public', 'limits'),
  defaultVolume: def(z.number().min(0).max(1), 1, 'public', 'player'),
  messagesPageSize: def(z.number().int().min(1).max(100), 25, 'public', 'limits'),
  notificationsPageSize: def(z.number().int().min(1).max(100), 12, 'public', 'limits'),
  performerCommission: def(percent, 0.2, 'private', 'commission'),
  performerReferralCommission: def(percent, 0.05, 'public', 'commission'),
  userReferralCommission: def(percent, 0.02, 'public', 'commission'),
  agoraEnable: def(z.boolean(), false, 'public', 'streaming'),
  agoraAppId: def(z.string().max(100), '', 'public', 'streaming'),
  telegramEnabled: def(z.boolean(), false, 'public', 'telegram'),
  telegramApiId: def(z.string().max(50), '', 'private', 'telegram'),
  telegramApiHash: def(z.string().max(100), '', 'private', 'telegram'),
} satisfies Record<string, SettingDefinition>;

export type SettingKey = keyof typeof SETTINGS;
export type SettingValues = { [K in SettingKey]: z.infer<(typeof SETTINGS)[K]['schema']> };

export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];
export const isSettingKey = (key: string): key is SettingKey => Object.hasOwn(SETTINGS, key);
export const PUBLIC_SETTING_KEYS = SETTING_KEYS.filter((k) => SETTINGS[k].visibility === 'public');
