import type { TextsOf } from '../../index.js';
import type common from './pt-BR.js';

/** Texts every page and element may show: Spanish. */
export default {
  siteName: 'Fandeck',
  loading: 'Cargando…',
  notFound: 'Página no encontrada',
  backHome: 'Volver al inicio',
} satisfies TextsOf<typeof common>;
