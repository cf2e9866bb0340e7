import type { TextsOf } from '../../index.js';
import type ui from './pt-BR.js';

/** Texts of the shared ui layer: English. */
export default {
  presets: 'Suggested amounts',
  otherAmount: 'Other amount',
  limits: 'From {{min}} to {{max}}',
  amountEmpty: 'Enter an amount.',
  amountInvalid: 'Enter an amount in numbers, such as 25.50.',
  amountDecimals: 'Use at most 2 decimal places.',
  amountBelowMin: 'The minimum is {{min}}.',
  amountAboveMax: 'The maximum is {{max}}.',
  unlock: 'Unlock for {{price}}',
  unlockConfirming: 'Waiting for your confirmation…',
  unlockDeclined: 'Unlock cancelled. Nothing was charged.',
  signInToUnlock: 'Sign in to unlock.',
  subscribersOnly: 'Subscribers only',
  subscribeToSee: 'Subscribe to see',
  lockedVideoAlt: 'Locked video',
  videoProcessing: 'Processing the video… {{percent}}%',
  videoError: 'This video could not be processed.',
  play: 'Play the video',
  videoLabel: 'Video',
  playLoading: 'Loading the video…',
  playFailed: 'The video could not be played. Try again.',
  signIn: 'Sign in',
  incorrectCredentials: 'Incorrect credentials!',
} satisfies TextsOf<typeof ui>;
