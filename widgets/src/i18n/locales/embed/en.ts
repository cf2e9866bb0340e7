import type { TextsOf } from '../../index.js';
import type embed from './pt-BR.js';

/** The embed bridge: sign-in popup and confirm dialog: English. */
export default {
  popupTitle: 'Sign in to Fandeck',
  popupSubtitle: 'Sign in to use Fandeck features on the page you were visiting.',
  popupHandingOff: 'Connecting to the page…',
  popupDone: 'Done! You are signed in. This window will close.',
  popupNoOpener: 'This window was not opened by a page with Fandeck features. Close it and try again from that page.',
  popupHandoffFailed: 'The page that asked you to sign in could not be reached. Close this window and try again.',
  popupClose: 'Close window',
  confirmTip: 'Send a tip',
  confirmSubscribe: 'Subscribe',
  confirmTopup: 'Top up wallet',
  confirmUnlock: 'Unlock content',
  confirmAmount: 'Amount',
  confirmCreator: 'Creator',
  confirmDetails: 'Details',
  confirmRequestedBy: 'Requested by {{origin}}',
  confirmHint: 'Only confirm if you started this action yourself.',
  confirm: 'Confirm',
  cancel: 'Cancel',
  bridgeUnavailable: 'Fandeck is not available on this page.',
  popupBlocked: 'The browser blocked the sign-in window. Allow pop-ups and try again.',
  popupClosed: 'The sign-in window was closed before you finished.',
} satisfies TextsOf<typeof embed>;
