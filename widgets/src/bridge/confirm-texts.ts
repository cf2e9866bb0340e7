/**
 * Texts of the platform's payment confirm, the one dialog the bridge shows on third-party
 * pages and the site on its own origin. They are the `confirm` namespace of the widgets'
 * catalogues (`i18n/locales/confirm/`), imported here as plain objects: the bridge is a
 * tiny page of its own that must not load i18next.
 */
import type { PayKind, PayQuote } from '@fandeck/contract';
import { confirmLocales } from '../i18n/locales/confirm/catalogues.js';

export type ConfirmTexts = { readonly [K in keyof (typeof confirmLocales)['pt-BR']]: string };

export const confirmCatalogues: Readonly<Record<keyof typeof confirmLocales, ConfirmTexts>> = confirmLocales;

export type ConfirmTextKey = keyof ConfirmTexts;

export const TITLE_KEYS: Record<PayKind, ConfirmTextKey> = {
  tip: 'titleTip',
  contribute: 'titleContribute',
  unlock: 'titleUnlock',
  topup: 'titleTopup',
  subscribe: 'titleSubscribe',
  call: 'titleCall',
  gift: 'titleGift',
};

/** An unlock worded by what it buys (`charge:video` unlocks a video), when the action says. */
const UNLOCK_TITLE_KEYS: Partial<Record<string, ConfirmTextKey>> = {
  'charge:feed': 'titleUnlockFeed',
  'charge:video': 'titleUnlockVideo',
  'charge:gallery': 'titleUnlockGallery',
  'charge:message': 'titleUnlockMessage',
  'charge:product': 'titleUnlockProduct',
};

/** The dialog's title for a quote: its kind, and for an unlock what is bought. */
export function titleKey(quote: Pick<PayQuote, 'kind' | 'action'>): ConfirmTextKey {
  return (quote.kind === 'unlock' ? UNLOCK_TITLE_KEYS[quote.action] : undefined) ?? TITLE_KEYS[quote.kind];
}
