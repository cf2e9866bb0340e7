import type { TextsOf } from '@fandeck/widgets/i18n';
import type liveNow from './pt-BR.js';

/** Host site: /live, who is live now: English. */
export default {
  title: 'Live now',
  intro: 'Creators streaming right now, the most watched first.',
  empty: 'Nobody is live right now. Follow your favourite creators to hear when they go live.',
  browse: 'Discover creators',
  failed: 'Could not load the streams.',
  badge: 'Live',
  viewers: '{{count}} watching',
  watch: 'Watch {{name}} live',
  someone: 'Creator',
} satisfies TextsOf<typeof liveNow>;
