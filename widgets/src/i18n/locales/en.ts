import type { Messages } from '../messages.js';

/** English: the fallback locale. */
export const en: Messages = {
  common: {
    siteName: 'Fandeck',
    loading: 'Loading…',
    notFound: 'Page not found',
    backHome: 'Back to home',
  },
  errors: {
    generic: 'Error occurred, please try again later',
    unauthorized: 'Unauthorized or forbidden action!',
    somethingWrong: 'Something went wrong, please try again later',
  },
  login: {
    title: 'Sign in',
    subtitle: 'Sign in to follow your favourite creators.',
    username: 'Email or username',
    password: 'Password',
    remember: 'Remember me',
    submit: 'Sign in',
    submitting: 'Signing in…',
    missingFields: 'Enter your email or username and your password.',
    incorrectCredentials: 'Incorrect credentials!',
  },
  home: {
    title: 'Home',
    signedInAs: 'Signed in as {{name}}',
    logout: 'Log out',
    loggingOut: 'Logging out…',
  },
};
