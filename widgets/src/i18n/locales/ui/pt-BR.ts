/** Texts of the shared ui layer (money input, sign-in prompt): Brazilian Portuguese, the reference every locale matches key for key. */
const ui = {
  presets: 'Valores sugeridos',
  otherAmount: 'Outro valor',
  limits: 'De {{min}} a {{max}}',
  amountEmpty: 'Informe um valor.',
  amountInvalid: 'Informe um valor em números, como 25,50.',
  amountDecimals: 'Use no máximo 2 casas decimais.',
  amountBelowMin: 'O valor mínimo é {{min}}.',
  amountAboveMax: 'O valor máximo é {{max}}.',
  unlock: 'Desbloquear por {{price}}',
  unlockConfirming: 'Aguardando sua confirmação…',
  unlockDeclined: 'Desbloqueio cancelado. Nada foi cobrado.',
  signInToUnlock: 'Entre para desbloquear.',
  subscribersOnly: 'Só para assinantes',
  subscribeToSee: 'Assinar para ver',
  lockedVideoAlt: 'Vídeo bloqueado',
  videoProcessing: 'Processando o vídeo… {{percent}}%',
  videoError: 'Não foi possível processar este vídeo.',
  play: 'Reproduzir o vídeo',
  videoLabel: 'Vídeo',
  playLoading: 'Carregando o vídeo…',
  playFailed: 'Não foi possível reproduzir o vídeo. Tente novamente.',
  signIn: 'Entrar',
  incorrectCredentials: 'Credenciais incorretas!',
} as const;

export default ui;
