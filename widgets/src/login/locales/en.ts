import type { TextsOf } from '../../i18n/index.js';
import type login from './pt-BR.js';

/** Sign-in: `<fan-login>`, the sign-in form and the signed-in card: English. */
export default {
  title: 'Sign in',
  subtitle: 'Sign in to follow your favourite creators.',
  username: 'Email or username',
  password: 'Password',
  remember: 'Remember me',
  submit: 'Sign in',
  submitting: 'Signing in…',
  missingFields: 'Enter your email or username and your password.',
  forgot: 'Forgot your password?',
  forgotTitle: 'Reset your password',
  forgotHint: 'Enter your email and we\'ll send you a link to choose a new password.',
  email: 'Email',
  forgotSubmit: 'Send link',
  forgotSending: 'Sending…',
  forgotSent: 'If this address has an account, a reset link is on its way',
  invalidEmail: 'Enter a valid email address.',
  backToLogin: 'Back to sign in',
  noAccount: 'Don\'t have an account?',
  registerFan: 'Sign up as a fan',
  registerCreator: 'Sign up as a creator',
  signedInAs: 'Signed in as {{name}}',
  avatarAlt: '{{name}}\'s photo',
  logout: 'Log out',
  loggingOut: 'Logging out…',
} satisfies TextsOf<typeof login>;
