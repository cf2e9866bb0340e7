/** Mail texts in every supported language; pt-BR is the default (spec section 9). */
type MailKind = 'verifyEmail' | 'resetPassword' | 'accountExists' | 'changeEmail' | 'emailChanged';
type Texts = { subject: string; intro: string; action: string; outro: string };

const CATALOGUE: Record<string, Record<MailKind, Texts>> = {
  'pt-BR': {
    emailChanged: {
      subject: 'O e-mail da sua conta no {{site}} mudou',
      intro: 'Olá {{name}}, o e-mail da sua conta agora é outro: este endereço não recebe mais as mensagens dela.',
      action: 'Entrar',
      outro: 'Se não foi você, entre e troque sua senha, ou fale com o suporte.',
    },
    changeEmail: {
      subject: 'Confirme seu novo e-mail no {{site}}',
      intro: 'Olá {{name}}, você pediu para usar este endereço na sua conta. Até confirmar, o e-mail anterior continua valendo. O link vale por 24 horas.',
      action: 'Confirmar novo e-mail',
      outro: 'Se você não pediu isso, ignore esta mensagem; sua conta não muda.',
    },
    accountExists: {
      subject: 'Tentativa de cadastro com seu e-mail no {{site}}',
      intro: 'Olá {{name}}, alguém tentou criar uma conta com este e-mail, que já é seu. Se foi você, entre com sua senha ou redefina-a.',
      action: 'Entrar',
      outro: 'Se não foi você, ignore esta mensagem; sua conta não mudou.',
    },
    verifyEmail: {
      subject: 'Confirme seu e-mail no {{site}}',
      intro: 'Olá {{name}}, confirme seu endereço de e-mail para ativar sua conta.',
      action: 'Confirmar e-mail',
      outro: 'Se você não criou esta conta, ignore esta mensagem.',
    },
    resetPassword: {
      subject: 'Redefinição de senha no {{site}}',
      intro: 'Olá {{name}}, recebemos um pedido para redefinir sua senha. O link vale por 1 hora.',
      action: 'Redefinir senha',
      outro: 'Se você não pediu isso, ignore esta mensagem; sua senha continua a mesma.',
    },
  },
  en: {
    emailChanged: {
      subject: 'Your {{site}} account email changed',
      intro: 'Hi {{name}}, your account now uses another email: this address no longer receives its messages.',
      action: 'Sign in',
      outro: 'If it was not you, sign in and change your password, or contact support.',
    },
    changeEmail: {
      subject: 'Confirm your new email on {{site}}',
      intro: 'Hi {{name}}, you asked to use this address for your account. Until you confirm, your previous email stays in use. The link is valid for 24 hours.',
      action: 'Confirm new email',
      outro: 'If you did not ask for this, ignore this message; your account does not change.',
    },
    accountExists: {
      subject: 'Someone tried to sign up with your email on {{site}}',
      intro: 'Hi {{name}}, someone tried to create an account with this email address, which is already yours. If it was you, sign in or reset your password.',
      action: 'Sign in',
      outro: 'If it was not you, ignore this message; your account has not changed.',
    },
    verifyEmail: {
      subject: 'Confirm your email on {{site}}',
      intro: 'Hi {{name}}, please confirm your email address to activate your account.',
      action: 'Confirm email',
      outro: 'If you did not create this account, ignore this message.',
    },
    resetPassword: {
      subject: 'Reset your {{site}} password',
      intro: 'Hi {{name}}, we received a request to reset your password. The link is valid for 1 hour.',
      action: 'Reset password',
      outro: 'If you did not ask for this, ignore this message; your password stays the same.',
    },
  },
  es: {
    emailChanged: {
      subject: 'El correo de tu cuenta en {{site}} cambió',
      intro: 'Hola {{name}}, tu cuenta ahora usa otro correo: esta dirección ya no recibe sus mensajes.',
      action: 'Iniciar sesión',
      outro: 'Si no fuiste tú, inicia sesión y cambia tu contraseña, o habla con soporte.',
    },
    changeEmail: {
      subject: 'Confirma tu nuevo correo en {{site}}',
      intro: 'Hola {{name}}, pediste usar esta dirección en tu cuenta. Hasta que confirmes, tu correo anterior sigue valiendo. El enlace vale por 24 horas.',
      action: 'Confirmar nuevo correo',
      outro: 'Si no lo pediste, ignora este mensaje; tu cuenta no cambia.',
    },
    accountExists: {
      subject: 'Intento de registro con tu correo en {{site}}',
      intro: 'Hola {{name}}, alguien intentó crear una cuenta con este correo, que ya es tuyo. Si fuiste tú, inicia sesión o restablece tu contraseña.',
      action: 'Iniciar sesión',
      outro: 'Si no fuiste tú, ignora este mensaje; tu cuenta no cambió.',
    },
    verifyEmail: {
      subject: 'Confirma tu correo en {{site}}',
      intro: 'Hola {{name}}, confirma tu dirección de correo para activar tu cuenta.',
      action: 'Confirmar correo',
      outro: 'Si no creaste esta cuenta, ignora este mensaje.',
    },
    resetPassword: {
      subject: 'Restablece tu contraseña de {{site}}',
      intro: 'Hola {{name}}, recibimos una solicitud para restablecer tu contraseña. El enlace vale por 1 hora.',
      action: 'Restablecer contraseña',
      outro: 'Si no lo pediste, ignora este mensaje; tu contraseña sigue igual.',
    },
  },
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function renderMail(kind: MailKind, locale: string | null | undefined, vars: { site: string; name: string; link: string }) {
  const language = locale && CATALOGUE[locale] ? locale : locale?.split('-')[0] && CATALOGUE[locale.split('-')[0]!] ? locale.split('-')[0]! : 'pt-BR';
  const texts = CATALOGUE[language]![kind];
  const fill = (s: string) => s.replace(/\{\{(\w+)\}\}/g, (_, k: keyof typeof vars) => vars[k] ?? '');
  const subject = fill(texts.subject);
  const text = `${fill(texts.intro)}\n\n${texts.action}: ${vars.link}\n\n${fill(texts.outro)}\n`;
  const html = `<p>${escapeHtml(fill(texts.intro))}</p><p><a href="${escapeHtml(vars.link)}">${escapeHtml(texts.action)}</a></p><p>${escapeHtml(fill(texts.outro))}</p>`;
  return { subject, text, html };
}
