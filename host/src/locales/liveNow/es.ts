import type { TextsOf } from '@fandeck/widgets/i18n';
import type liveNow from './pt-BR.js';

/** Host site: /live, who is live now: Spanish. */
export default {
  title: 'En vivo ahora',
  intro: 'Creadores transmitiendo en este momento, los más vistos primero.',
  empty: 'Nadie está en vivo ahora. Sigue a tus creadores favoritos para saber cuándo salen en vivo.',
  browse: 'Descubrir creadores',
  failed: 'No se pudieron cargar las transmisiones.',
  badge: 'En vivo',
  viewers: '{{count}} viendo',
  watch: 'Ver a {{name}} en vivo',
  someone: 'Creador',
} satisfies TextsOf<typeof liveNow>;
