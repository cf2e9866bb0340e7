import type { TextsOf } from '@fandeck/widgets/i18n';

/** Host site: the account settings sections (/user/account, /creator/account): Brazilian Portuguese, the reference. */
const accountSettings = {
  profileTitle: 'Perfil',
  name: 'Nome',
  nameHint: 'Como você aparece para os criadores e nas mensagens.',
  nameRequired: 'Escreva um nome.',
  emailTitle: 'Endereço de e-mail',
  emailIntro: 'O novo endereço só passa a valer depois que você abrir o link que enviamos para ele. Até lá, o atual continua valendo.',
  newEmail: 'Novo e-mail',
  emailPassword: 'Senha atual',
  emailPasswordHint: 'Para confirmar que é você.',
  emailInvalid: 'Escreva um endereço de e-mail válido.',
  emailSend: 'Enviar link de confirmação',
  emailSending: 'Enviando…',
  emailSent: 'Enviamos um link para {{email}}. Abra-o para usar esse endereço.',
  emailPending: 'Aguardando a confirmação de {{email}}.',
  passwordTitle: 'Senha',
  passwordIntro: 'Ao trocar a senha, as outras sessões são encerradas; esta continua.',
  currentPassword: 'Senha atual',
  newPassword: 'Nova senha',
  newPasswordHint: 'De 8 a 128 caracteres.',
  repeatPassword: 'Repita a nova senha',
  passwordRequired: 'Escreva sua senha atual.',
  passwordTooShort: 'A nova senha precisa ter de 8 a 128 caracteres.',
  passwordMismatch: 'As duas senhas não são iguais.',
  passwordChange: 'Trocar senha',
  passwordChanging: 'Trocando…',
  passwordChanged: 'Senha trocada. As outras sessões foram encerradas.',
  preferencesTitle: 'Preferências',
  language: 'Idioma',
  theme: 'Tema',
  themeDark: 'Escuro',
  themeLight: 'Claro',
  preferencesSaved: 'Preferência salva.',
  notifyTitle: 'Avisos por tipo',
  notifyIntro: 'Escolha, para cada tipo de aviso, se ele aparece no site e se chega como notificação do navegador.',
  notifyType: 'Aviso',
  notifySite: 'No site',
  notifyPush: 'No navegador',
  notifySiteFor: '{{type}}: no site',
  notifyPushFor: '{{type}}: no navegador',
  notifyStreamLive: 'Um criador que você segue entrou ao vivo',
  notifyMessage: 'Nova mensagem',
  notifyPrivateCall: 'Chamadas privadas',
  notifyRenewalFailed: 'Renovação de assinatura que falhou',
  notifySubscription: 'Novo assinante',
  notifyTip: 'Gorjetas recebidas',
  notifyFollow: 'Novo seguidor',
  notifyComment: 'Comentários nas suas publicações',
} as const;

export default accountSettings;

declare module '@fandeck/widgets/i18n' {
  interface Namespaces {
    accountSettings: TextsOf<typeof accountSettings>;
  }
}
