import type { TextsOf } from '@fandeck/widgets/i18n';

/** Host site: content protection notices: Brazilian Portuguese, the reference every locale matches key for key. */
const protection = {
  screenshotDetected: 'Captura de tela detectada!',
  copyDetected: 'Ação de copiar detectada!',
} as const;

export default protection;

declare module '@fandeck/widgets/i18n' {
  interface Namespaces {
    protection: TextsOf<typeof protection>;
  }
}
