import type { TextsOf } from '@fandeck/widgets/i18n';

/** Host site: the saved posts page: Brazilian Portuguese, the reference every locale matches key for key. */
const bookmarks = {
  title: 'Publicações salvas',
  intro: 'As publicações que você salvou, das mais recentes às mais antigas.',
} as const;

export default bookmarks;

declare module '@fandeck/widgets/i18n' {
  interface Namespaces {
    bookmarks: TextsOf<typeof bookmarks>;
  }
}
