import type { TextsOf } from '../../i18n/index.js';
import type tip from './pt-BR.js';

/** Tips: `<fan-tip-button>`: English. */
export default {
  button: 'Send a tip',
  buttonFor: 'Send a tip to {{name}}',
  title: 'Tip {{name}}',
  close: 'Close',
  amount: 'Tip amount',
  message: 'Message (optional)',
  messageCount: '{{count}}/{{max}}',
  messageTooLong: 'The message can be at most {{max}} characters.',
  balance: 'Your balance: {{amount}}',
  submit: 'Send {{amount}}',
  confirming: 'Waiting for your confirmation…',
  sending: 'Sending…',
  confirmTitle: 'Tip of {{amount}} to {{name}}',
  cancelled: 'Tip cancelled. Nothing was charged.',
  sent: 'Tip of {{amount}} sent to {{name}}. Thank you!',
  sendAnother: 'Send another tip',
  retry: 'Try again',
  short: 'Your balance of {{balance}} does not cover this tip. Top up at least {{missing}} to continue.',
  backToTip: 'Back to the tip',
  resume: 'Balance updated! Confirm the tip of {{amount}}.',
  signInPrompt: 'Sign in to send a tip.',
  creatorMissing: 'This button does not say which creator the tip is for.',
  creatorNotFound: 'Creator not found.',
  loading: 'Loading…',
  insufficientBalance: 'You have an insufficient wallet balance. Please top up.',
} satisfies TextsOf<typeof tip>;
