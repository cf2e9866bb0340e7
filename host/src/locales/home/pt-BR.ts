import type { TextsOf } from '@fandeck/widgets/i18n';

/** Host site: the home page: Brazilian Portuguese, the reference every locale matches key for key. */
const home = {
  title: 'Início',
  signedInAs: 'Conectado como {{name}}',
  logout: 'Sair',
  loggingOut: 'Saindo…',
  feedTitle: 'Publicações de quem você segue e assina',
  suggestionsTitle: 'Criadores para seguir',
  noSuggestions: 'Nenhum criador por aqui ainda.',
} as const;

export default home;

declare module '@fandeck/widgets/i18n' {
  interface Namespaces {
    home: TextsOf<typeof home>;
  }
}
