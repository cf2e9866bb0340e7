/**
 * Brazilian Portuguese: the default locale and the reference catalogue. Every key
 * here must exist in every other locale (the i18n test checks it).
 */
export const ptBR = {
  common: {
    siteName: 'Fandeck',
    loading: 'Carregando…',
    notFound: 'Página não encontrada',
    backHome: 'Voltar ao início',
  },
  errors: {
    generic: 'Ocorreu um erro, tente novamente mais tarde',
    unauthorized: 'Ação não autorizada ou proibida!',
    somethingWrong: 'Algo deu errado, tente novamente mais tarde',
  },
  login: {
    title: 'Entrar',
    subtitle: 'Entre para acompanhar seus criadores favoritos.',
    username: 'E-mail ou nome de usuário',
    password: 'Senha',
    remember: 'Lembrar de mim',
    submit: 'Entrar',
    submitting: 'Entrando…',
    missingFields: 'Informe seu e-mail ou nome de usuário e sua senha.',
    incorrectCredentials: 'Credenciais incorretas!',
  },
  home: {
    title: 'Início',
    signedInAs: 'Conectado como {{name}}',
    logout: 'Sair',
    loggingOut: 'Saindo…',
  },
} as const;
