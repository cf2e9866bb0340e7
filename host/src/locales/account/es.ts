import type { TextsOf } from '@fandeck/widgets/i18n';
import type account from './pt-BR.js';

/** Host site: the account pages: Spanish. */
export default {
  userTitle: 'Completa tu cuenta',
  creatorTitle: 'Completa tu cuenta de creador',
  intro: 'Elige un nombre de usuario y confirma tu correo electrónico para continuar.',
  creatorIntro: 'Tu nombre de usuario será la dirección de tu página.',
  username: 'Nombre de usuario',
  usernameHint: 'De 3 a 30 caracteres: letras, números, punto, guion bajo o guion.',
  usernameInvalid: 'Elige un nombre de usuario de 3 a 30 caracteres: letras, números, punto, guion bajo o guion.',
  email: 'Correo electrónico',
  save: 'Guardar',
  saving: 'Guardando…',
  continue: 'Continuar',
} satisfies TextsOf<typeof account>;
