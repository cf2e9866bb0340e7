import type { TextsOf } from '@fandeck/widgets/i18n';
import type account from './pt-BR.js';

/** Host site: the account pages: Spanish. */
export default {
  settingsTitle: 'Tu cuenta',
  settingsIntro: 'Cada parte se guarda por separado.',
  userTitle: 'Completa tu cuenta',
  creatorTitle: 'Completa tu cuenta de creador',
  intro: 'Elige un nombre de usuario y confirma tu correo electrónico para continuar.',
  creatorIntro: 'Tu nombre de usuario será la dirección de tu página.',
  username: 'Nombre de usuario',
  usernameHint: 'De 3 a 30 caracteres: letras minúsculas y números.',
  usernameInvalid: 'Elige un nombre de usuario de 3 a 30 letras minúsculas y números, sin espacios ni símbolos.',
  email: 'Correo electrónico',
  save: 'Guardar',
  saving: 'Guardando…',
  continue: 'Continuar',
  avatarLabel: 'Foto de perfil',
  avatarCurrent: 'Tu foto de perfil actual',
  coverLabel: 'Imagen de portada',
  coverCurrent: 'Tu imagen de portada actual',
  pictureHint: 'JPEG, PNG, WebP o GIF. Se eliminan la ubicación y los datos de la cámara.',
  uploading: 'Subiendo',
  uploadProgress: '{{percent}}% subido',
  cancelUpload: 'Cancelar subida',
  processing: 'Procesando la imagen…',
  pictureSaved: 'Imagen actualizada.',
  uploadCancelled: 'Subida cancelada.',
} satisfies TextsOf<typeof account>;
