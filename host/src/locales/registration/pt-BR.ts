import type { TextsOf } from '@fandeck/widgets/i18n';

/** Host site: the fan and creator registration pages (/auth/register…): Brazilian Portuguese, the reference every locale matches key for key. */
const registration = {
  fan: {
    title: 'Criar conta',
    intro: 'Siga seus criadores favoritos, assine e converse com eles.',
    submit: 'Criar conta',
    submitting: 'Criando conta…',
    creatorInstead: 'É criador de conteúdo?',
    creatorLink: 'Cadastre-se como criador',
  },
  creator: {
    title: 'Cadastro de criador',
    intro: 'Crie seu perfil de criador. A equipe confere seus documentos antes de liberar vendas e saques.',
    submit: 'Enviar cadastro',
    submitting: 'Enviando cadastro…',
    fanInstead: 'Só quer acompanhar criadores?',
    fanLink: 'Cadastre-se como fã',
  },
  fields: {
    name: 'Nome',
    firstName: 'Nome',
    lastName: 'Sobrenome',
    username: 'Nome de usuário',
    usernameHint: 'De 3 a 30 letras e números, sem espaços. Ele forma o endereço do seu perfil.',
    email: 'E-mail',
    password: 'Senha',
    passwordHint: 'Pelo menos 8 caracteres.',
    confirmPassword: 'Confirme a senha',
    dateOfBirth: 'Data de nascimento',
    dateOfBirthHint: 'Criadores precisam ter pelo menos 18 anos.',
    gender: 'Gênero',
    countryCode: 'País',
    phone: 'Telefone',
    phoneHint: 'Com o código de área (DDD).',
    phoneHintDial: 'Com o código de área (DDD). O código do país, +{{dial}}, vai junto sozinho.',
    choose: 'Selecione',
    terms: 'Li e aceito os termos de uso e a política de privacidade.',
  },
  genders: { male: 'Masculino', female: 'Feminino', trans: 'Trans' },
  documents: {
    title: 'Documentos de identidade',
    intro: 'Envie a frente e o verso de um documento oficial com foto. Só a equipe de análise vê esses arquivos.',
    front: 'Frente do documento',
    back: 'Verso do documento',
    hint: 'JPEG, PNG, WebP ou PDF.',
    sending: 'Enviando: {{percent}}%',
    processing: 'Documentos enviados; conferindo…',
    cancel: 'Cancelar envio',
  },
  invalid: {
    required: 'Preencha este campo.',
    field: 'Confira este campo.',
    username: 'Use de 3 a 30 letras minúsculas e números, sem espaços nem símbolos.',
    usernameRefused: 'Este nome de usuário não pode ser usado. Escolha outro.',
    email: 'Informe um e-mail válido.',
    password: 'A senha precisa ter de 8 a 128 caracteres.',
    confirmPassword: 'As senhas não conferem.',
    terms: 'Aceite os termos para continuar.',
    dateOfBirth: 'Informe uma data de nascimento válida.',
    choose: 'Escolha uma opção.',
    document: 'Escolha o arquivo do documento.',
  },
  fixFields: 'Confira os campos marcados.',
  referral: 'Indicado por código {{code}}',
  haveAccount: 'Já tem conta?',
  signIn: 'Entrar',
  listsFailed: 'Não foi possível carregar a lista de países.',
  done: {
    verifyTitle: 'Confira seu e-mail',
    verifyBody: 'Enviamos um link de confirmação para {{email}}. Abra-o para ativar sua conta e depois entre.',
    resend: 'Reenviar e-mail',
    resending: 'Reenviando…',
    resent: 'Se este e-mail ainda precisar de confirmação, um novo link está a caminho.',
    receivedTitle: 'Cadastro recebido',
    receivedBody: 'Entre com seu e-mail e sua senha para continuar.',
    pendingTitle: 'Cadastro em análise',
    pendingBody: 'Sua conta de criador foi criada e aguarda a aprovação da equipe, que vai conferir seus documentos. Enquanto isso, você já pode entrar e completar seu perfil.',
    pendingVerify: 'Antes de entrar, confirme seu e-mail pelo link que enviamos para {{email}}.',
    goSignIn: 'Ir para o login',
  },
} as const;

export default registration;

declare module '@fandeck/widgets/i18n' {
  interface Namespaces {
    registration: TextsOf<typeof registration>;
  }
}
