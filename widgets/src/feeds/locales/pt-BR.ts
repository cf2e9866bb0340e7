/** Posts (feeds): Brazilian Portuguese, the reference every locale matches key for key. */
const feeds = {
  loading: 'Carregando publicações…',
  empty: 'Nenhuma publicação ainda.',
  emptyFollowing: 'Siga criadores para ver as publicações deles aqui.',
  retry: 'Tentar novamente',
  more: 'Ver mais publicações',
  loadingMore: 'Carregando…',
  unlocked: 'Desbloqueada',
  photoAlt: 'Foto {{index}} de {{count}}',
  lockedPhotoAlt: 'Foto bloqueada',
  lockedText: 'Publicação paga: desbloqueie por {{price}} para ver as fotos.',
  unlock: 'Desbloquear por {{price}}',
  confirming: 'Aguardando sua confirmação…',
  declined: 'Desbloqueio cancelado. Nada foi cobrado.',
  signInToUnlock: 'Entre para desbloquear esta publicação.',
} as const;

export default feeds;
