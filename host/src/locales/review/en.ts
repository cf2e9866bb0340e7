import type { TextsOf } from '@fandeck/widgets/i18n';
import type review from './pt-BR.js';

/** Host site: staff review of creators' documents: English. */
export default {
  title: 'Creator review',
  intro: 'Creators waiting for their documents to be approved. Until then they cannot sell, be paid or embed their features on other sites.',
  empty: 'No creator is waiting for review.',
  registered: 'Registered on {{date}}',
  document: 'Document ({{side}})',
  front: 'front',
  back: 'back',
  approve: 'Approve',
  reject: 'Reject',
  approved: '{{name}} was approved.',
  rejected: '{{name}} stays pending.',
} satisfies TextsOf<typeof review>;
