import type { TextsOf } from '@fandeck/widgets/i18n';
import type protection from './pt-BR.js';

/** Host site: content protection notices: English. */
export default {
  screenshotDetected: 'Screenshot detected!',
  copyDetected: 'Copy action detected!',
} satisfies TextsOf<typeof protection>;
