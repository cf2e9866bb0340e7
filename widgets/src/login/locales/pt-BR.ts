import type { TextsOf } from '../../i18n/texts.js';

/** Sign-in: `<fan-login>`, the sign-in form and the signed-in card: Brazilian Portuguese, the reference every locale matches key for key. */
const login = {
  title: 'Entrar',
  subtitle: 'Entre para acompanhar seus criadores favoritos.',
  username: 'E-mail ou nome de usuário',
  password: 'Senha',
  remember: 'Lembrar de mim',
  submit: 'Entrar',
  submitting: 'Entrando…',
  missingFields: 'Informe seu e-mail ou nome de usuário e sua senha.',
  forgot: 'Esqueceu a senha?',
  forgotTitle: 'Recuperar senha',
  forgotHint: 'Informe seu e-mail e enviaremos um link para criar uma nova senha.',
  email: 'E-mail',
  forgotSubmit: 'Enviar link',
  forgotSending: 'Enviando…',
  forgotSent: 'Se este endereço tiver uma conta, um link de redefinição está a caminho.',
  invalidEmail: 'Informe um e-mail válido.',
  backToLogin: 'Voltar para entrar',
  noAccount: 'Ainda não tem conta?',
  registerFan: 'Cadastre-se como fã',
  registerCreator: 'Cadastre-se como criador',
  signedInAs: 'Conectado como {{name}}',
  avatarAlt: 'Foto de {{name}}',
  logout: 'Sair',
  loggingOut: 'Saindo…',
} as const;

export default login;

declare module '../../i18n/index.js' {
  interface Namespaces {
    login: TextsOf<typeof login>;
  }
}
