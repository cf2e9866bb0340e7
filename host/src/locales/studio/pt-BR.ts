import type { TextsOf } from '@fandeck/widgets/i18n';

/** Host site: the creator's studio for posts: Brazilian Portuguese, the reference every locale matches key for key. */
const studio = {
  nav: 'Publicações',
  title: 'Minhas publicações',
  composer: 'Nova publicação',
  text: 'Texto',
  photos: 'Fotos ou um vídeo',
  photosHint: 'Fotos JPEG, PNG, WebP ou GIF, ou um vídeo MP4, WebM ou MOV. Localização e dados da câmera são removidos.',
  removePhoto: 'Remover foto {{index}}',
  uploadProgress: 'Enviando foto {{index}}: {{percent}}%',
  processing: 'Processando foto {{index}}…',
  cancelUpload: 'Cancelar envio',
  uploadCancelled: 'Envio cancelado.',
  paid: 'Publicação paga (desbloqueada com a carteira)',
  price: 'Preço',
  when: 'Quando publicar',
  now: 'Agora',
  schedule: 'Agendar',
  draft: 'Salvar como rascunho',
  scheduledAt: 'Data e hora',
  publish: 'Publicar',
  saveDraft: 'Salvar rascunho',
  scheduleSubmit: 'Agendar publicação',
  saving: 'Salvando…',
  saved: 'Publicação salva.',
  emptyPost: 'Escreva um texto ou adicione fotos.',
  scheduleRequired: 'Escolha uma data e hora futuras.',
  waitUploads: 'Aguarde o envio das fotos.',
  listTitle: 'Publicadas, agendadas e rascunhos',
  empty: 'Você ainda não publicou nada.',
  statusActive: 'Publicada',
  statusScheduled: 'Agendada para {{date}}',
  statusDraft: 'Rascunho',
  priceBadge: 'Paga: {{price}}',
  oneVideo: 'Uma publicação leva um vídeo sozinho, ou só fotos.',
  uploadingVideo: 'Enviando o vídeo…',
  videoCount: 'Vídeo',
  videoReady: 'Vídeo pronto',
  videoFailed: 'Falha ao processar o vídeo',
  photoCount: 'Fotos: {{count}}',
  delete: 'Excluir',
  confirmDelete: 'Excluir esta publicação e suas fotos?',
  deleted: 'Publicação excluída.',
} as const;

export default studio;

declare module '@fandeck/widgets/i18n' {
  interface Namespaces {
    studio: TextsOf<typeof studio>;
  }
}
