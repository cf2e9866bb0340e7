/** Texts every page and element may show: Brazilian Portuguese, the reference every locale matches key for key. */
const common = {
  siteName: 'Fandeck',
  loading: 'Carregando…',
  notFound: 'Página não encontrada',
  backHome: 'Voltar ao início',
} as const;

export default common;
