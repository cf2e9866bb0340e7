/** The embed bridge: sign-in popup and confirm dialog: Brazilian Portuguese, the reference every locale matches key for key. */
const embed = {
  popupTitle: 'Entrar no Fandeck',
  popupSubtitle: 'Entre para usar os recursos do Fandeck na página que você estava visitando.',
  popupHandingOff: 'Conectando à página…',
  popupDone: 'Pronto! Você entrou. Esta janela vai fechar.',
  popupNoOpener: 'Esta janela não foi aberta por uma página com recursos do Fandeck. Feche-a e tente novamente a partir dessa página.',
  popupHandoffFailed: 'Não foi possível falar com a página que pediu a entrada. Feche esta janela e tente novamente.',
  popupClose: 'Fechar janela',
  confirmTip: 'Enviar gorjeta',
  confirmSubscribe: 'Assinar',
  confirmTopup: 'Recarregar carteira',
  confirmUnlock: 'Desbloquear conteúdo',
  confirmAmount: 'Valor',
  confirmCreator: 'Criador',
  confirmDetails: 'Detalhes',
  confirmRequestedBy: 'Pedido por {{origin}}',
  confirmHint: 'Confirme somente se foi você quem iniciou esta ação.',
  confirm: 'Confirmar',
  cancel: 'Cancelar',
  bridgeUnavailable: 'O Fandeck não está disponível nesta página.',
  popupBlocked: 'O navegador bloqueou a janela de entrada. Permita pop-ups e tente novamente.',
  popupClosed: 'A janela de entrada foi fechada antes de concluir.',
} as const;

export default embed;
