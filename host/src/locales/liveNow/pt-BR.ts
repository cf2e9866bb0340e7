import type { TextsOf } from '@fandeck/widgets/i18n';

/** Host site: /live, who is live now: Brazilian Portuguese, the reference every locale matches key for key. */
const liveNow = {
  title: 'Ao vivo agora',
  intro: 'Criadores transmitindo neste momento, os mais assistidos primeiro.',
  empty: 'Ninguém está ao vivo agora. Siga seus criadores favoritos para saber quando eles entrarem ao vivo.',
  browse: 'Descobrir criadores',
  failed: 'Não foi possível carregar as transmissões.',
  badge: 'Ao vivo',
  viewers: '{{count}} assistindo',
  watch: 'Assistir {{name}} ao vivo',
  someone: 'Criador',
} as const;

export default liveNow;

declare module '@fandeck/widgets/i18n' {
  interface Namespaces {
    liveNow: TextsOf<typeof liveNow>;
  }
}
