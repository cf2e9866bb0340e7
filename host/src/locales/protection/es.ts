import type { TextsOf } from '@fandeck/widgets/i18n';
import type protection from './pt-BR.js';

/** Host site: content protection notices: Spanish. */
export default {
  screenshotDetected: '¡Captura de pantalla detectada!',
  copyDetected: '¡Acción de copiar detectada!',
} satisfies TextsOf<typeof protection>;
