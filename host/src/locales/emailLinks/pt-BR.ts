import type { TextsOf } from '@fandeck/widgets/i18n';

/** Host site: the pages of mailed links (/auth/verify-email, /auth/reset-password): Brazilian Portuguese, the reference every locale matches key for key. */
const emailLinks = {
  verify: {
    title: 'Confirmação de e-mail',
    confirming: 'Confirmando seu e-mail…',
    doneTitle: 'E-mail confirmado',
    doneBody: 'Seu endereço de e-mail foi confirmado. Agora você já pode entrar.',
    doneSignedIn: 'Seu endereço de e-mail foi confirmado.',
    invalidTitle: 'Não foi possível confirmar seu e-mail',
    missing: 'Este link está incompleto. Abra-o de novo a partir do e-mail que enviamos.',
    failed: 'Seu e-mail ainda não foi confirmado.',
    requestIntro: 'Informe seu e-mail e enviaremos um novo link de confirmação.',
    requestSubmit: 'Reenviar link de confirmação',
    requestSent: 'Se este e-mail ainda precisar de confirmação, um novo link está a caminho.',
  },
  reset: {
    title: 'Criar nova senha',
    intro: 'Escolha uma nova senha para sua conta.',
    password: 'Nova senha',
    confirmPassword: 'Confirme a nova senha',
    submit: 'Salvar nova senha',
    submitting: 'Salvando…',
    doneTitle: 'Senha alterada',
    doneBody: 'Sua nova senha já está valendo. Por segurança, todas as sessões abertas da conta foram encerradas.',
    invalidTitle: 'Link de redefinição inválido',
    missing: 'Este link está incompleto. Abra-o de novo a partir do e-mail que enviamos.',
    requestIntro: 'Informe seu e-mail e enviaremos um novo link para criar uma senha.',
    requestSubmit: 'Enviar novo link',
    requestSent: 'Se este endereço tiver uma conta, um link de redefinição está a caminho.',
  },
  request: {
    email: 'E-mail',
    sending: 'Enviando…',
  },
  goSignIn: 'Ir para o login',
  goOn: 'Continuar',
} as const;

export default emailLinks;

declare module '@fandeck/widgets/i18n' {
  interface Namespaces {
    emailLinks: TextsOf<typeof emailLinks>;
  }
}
