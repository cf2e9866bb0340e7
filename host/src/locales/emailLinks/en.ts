import type { TextsOf } from '@fandeck/widgets/i18n';
import type emailLinks from './pt-BR.js';

/** Host site: the pages of mailed links (/auth/verify-email, /auth/reset-password): English. */
export default {
  verify: {
    title: 'Email confirmation',
    confirming: 'Confirming your email…',
    doneTitle: 'Email confirmed',
    doneBody: 'Your email address is confirmed. You can sign in now.',
    doneSignedIn: 'Your email address is confirmed.',
    invalidTitle: 'We could not confirm your email',
    missing: 'This link is incomplete. Open it again from the email we sent you.',
    failed: 'Your email is not confirmed yet.',
    requestIntro: 'Enter your email and we will send you a new confirmation link.',
    requestSubmit: 'Send the confirmation link again',
    requestSent: 'If this address still needs confirming, a new link is on its way.',
  },
  reset: {
    title: 'Choose a new password',
    intro: 'Choose a new password for your account.',
    password: 'New password',
    confirmPassword: 'Confirm the new password',
    submit: 'Save new password',
    submitting: 'Saving…',
    doneTitle: 'Password changed',
    doneBody: 'Your new password works from now on. To keep the account safe, every open session was signed out.',
    invalidTitle: 'Invalid reset link',
    missing: 'This link is incomplete. Open it again from the email we sent you.',
    requestIntro: 'Enter your email and we will send you a new link to choose a password.',
    requestSubmit: 'Send a new link',
    requestSent: 'If this address has an account, a reset link is on its way.',
  },
  request: {
    email: 'Email',
    sending: 'Sending…',
  },
  goSignIn: 'Go to sign-in',
  goOn: 'Continue',
} satisfies TextsOf<typeof emailLinks>;
