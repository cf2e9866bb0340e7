import type { TextsOf } from '@fandeck/widgets/i18n';
import type account from './pt-BR.js';

/** Host site: the account pages: English. */
export default {
  settingsTitle: 'Your account',
  settingsIntro: 'Each part saves on its own.',
  userTitle: 'Complete your account',
  creatorTitle: 'Complete your creator account',
  intro: 'Choose a username and confirm your email to continue.',
  creatorIntro: 'Your username will be the address of your page.',
  username: 'Username',
  usernameHint: '3 to 30 characters: lowercase letters and digits.',
  usernameInvalid: 'Choose a username of 3 to 30 lowercase letters and digits, without spaces or symbols.',
  email: 'Email',
  save: 'Save',
  saving: 'Saving…',
  continue: 'Continue',
  avatarLabel: 'Profile picture',
  avatarCurrent: 'Your current profile picture',
  coverLabel: 'Cover image',
  coverCurrent: 'Your current cover image',
  pictureHint: 'JPEG, PNG, WebP or GIF. Location and camera data are removed.',
  uploading: 'Uploading',
  uploadProgress: '{{percent}}% uploaded',
  cancelUpload: 'Cancel upload',
  processing: 'Processing the picture…',
  pictureSaved: 'Picture updated.',
  uploadCancelled: 'Upload cancelled.',
} satisfies TextsOf<typeof account>;
