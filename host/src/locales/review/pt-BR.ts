import type { TextsOf } from '@fandeck/widgets/i18n';

/** Host site: staff review of creators' documents: Brazilian Portuguese, the reference every locale matches key for key. */
const review = {
  title: 'Revisão de criadores',
  intro: 'Criadores aguardando a aprovação dos documentos. Até a aprovação, não podem vender, receber nem incorporar seus recursos em outros sites.',
  empty: 'Nenhum criador aguardando revisão.',
  registered: 'Cadastro em {{date}}',
  document: 'Documento ({{side}})',
  front: 'frente',
  back: 'verso',
  approve: 'Aprovar',
  reject: 'Recusar',
  approved: '{{name}} foi aprovado.',
  rejected: '{{name}} continua pendente.',
} as const;

export default review;

declare module '@fandeck/widgets/i18n' {
  interface Namespaces {
    review: TextsOf<typeof review>;
  }
}
