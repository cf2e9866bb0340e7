import type { TextsOf } from '../../index.js';
import type common from './pt-BR.js';

/** Texts every page and element may show: English. */
export default {
  siteName: 'Fandeck',
  loading: 'Loading…',
  notFound: 'Page not found',
  backHome: 'Back to home',
} satisfies TextsOf<typeof common>;
