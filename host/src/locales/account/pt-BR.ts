import type { TextsOf } from '@fandeck/widgets/i18n';

/** Host site: the account pages: Brazilian Portuguese, the reference every locale matches key for key. */
const account = {
  settingsTitle: 'Sua conta',
  settingsIntro: 'Cada parte se salva sozinha.',
  userTitle: 'Complete sua conta',
  creatorTitle: 'Complete sua conta de criador',
  intro: 'Escolha um nome de usuário e confirme seu e-mail para continuar.',
  creatorIntro: 'Seu nome de usuário será o endereço da sua página.',
  username: 'Nome de usuário',
  usernameHint: 'De 3 a 30 caracteres: letras minúsculas e números.',
  usernameInvalid: 'Escolha um nome de usuário de 3 a 30 letras minúsculas e números, sem espaços nem símbolos.',
  email: 'E-mail',
  save: 'Salvar',
  saving: 'Salvando…',
  continue: 'Continuar',
  avatarLabel: 'Foto de perfil',
  avatarCurrent: 'Sua foto de perfil atual',
  coverLabel: 'Imagem de capa',
  coverCurrent: 'Sua imagem de capa atual',
  pictureHint: 'JPEG, PNG, WebP ou GIF. Localização e dados da câmera são removidos.',
  uploading: 'Enviando',
  uploadProgress: '{{percent}}% enviado',
  cancelUpload: 'Cancelar envio',
  processing: 'Processando a imagem…',
  pictureSaved: 'Imagem atualizada.',
  uploadCancelled: 'Envio cancelado.',
} as const;

export default account;

declare module '@fandeck/widgets/i18n' {
  interface Namespaces {
    account: TextsOf<typeof account>;
  }
}
