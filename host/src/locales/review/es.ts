import type { TextsOf } from '@fandeck/widgets/i18n';
import type review from './pt-BR.js';

/** Host site: staff review of creators' documents: Spanish. */
export default {
  title: 'Revisión de creadores',
  intro: 'Creadores que esperan la aprobación de sus documentos. Hasta entonces no pueden vender, cobrar ni insertar sus funciones en otros sitios.',
  empty: 'Ningún creador espera revisión.',
  registered: 'Registro el {{date}}',
  document: 'Documento ({{side}})',
  front: 'frente',
  back: 'reverso',
  approve: 'Aprobar',
  reject: 'Rechazar',
  approved: '{{name}} fue aprobado.',
  rejected: '{{name}} sigue pendiente.',
} satisfies TextsOf<typeof review>;
