import type { TextsOf } from '../../index.js';
import type confirm from './pt-BR.js';

/** Texts of the platform's payment confirm: English. */
export default {
  titleTip: 'Send a tip',
  titleContribute: 'Back the goal',
  titleUnlock: 'Unlock content',
  titleUnlockFeed: 'Unlock post',
  titleUnlockVideo: 'Unlock video',
  titleUnlockGallery: 'Unlock gallery',
  titleUnlockMessage: 'Unlock message',
  titleUnlockProduct: 'Buy product',
  titleTopup: 'Top up wallet',
  titleSubscribe: 'Subscribe',
  titleCall: 'Pay for a private call',
  /** A live gift (`gift`), named by the quote's description. */
  titleGift: 'Send a gift',
  price: 'Amount',
  credit: 'Wallet credit',
  recipient: 'To',
  item: 'Item',
  duration: 'Length',
  minutes: '{{minutes}} min',
  requestedBy: 'Requested by {{origin}}',
  hint: 'Only confirm if you started this action yourself.',
  siteHint: 'The amount leaves your wallet as soon as you confirm. Cancelling charges nothing.',
  confirm: 'Confirm',
  confirmAmount: 'Pay {{amount}}',
  cancel: 'Cancel',
  back: 'Back',
} satisfies TextsOf<typeof confirm>;
