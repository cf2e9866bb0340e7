import type { TextsOf } from '../../index.js';
import type errors from './pt-BR.js';

/** Error texts: Spanish. */
export default {
  generic: 'Ocurrió un error, inténtalo de nuevo más tarde',
  unauthorized: '¡Acción no autorizada o prohibida!',
  somethingWrong: 'Algo salió mal, inténtalo de nuevo más tarde',
  invalidField: 'Revisa el campo «{{field}}».',
  invalidFields: 'Revisa estos campos: {{fields}}.',
  // One text per contract error code (contract/src/errors.ts), by area.
  request: {
    invalid: 'Los datos enviados no son válidos.',
    nul_character: 'El texto contiene un carácter no válido.',
    body_too_large: 'El archivo supera el límite permitido.',
    unsupported_media_type: 'Este tipo de contenido no se acepta.',
    empty_body: 'No se envió nada.',
    malformed_multipart: 'El envío llegó incompleto. Inténtalo de nuevo.',
    unexpected_file: 'Se envió un archivo donde no se esperaba.',
    too_many: 'Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.',
    cancelled: 'Acción cancelada.',
  },
  route: {
    not_found: 'Página o recurso no encontrado.',
  },
  server: {
    error: 'Algo salió mal de nuestro lado. Inténtalo de nuevo más tarde.',
  },
  network: {
    unreachable: 'No hay conexión con Fandeck. Revisa tu internet e inténtalo de nuevo.',
  },
  auth: {
    sign_in_required: 'Inicia sesión para continuar.',
    account_inactive: 'Esta cuenta no está activa.',
    role_forbidden: 'Tu cuenta no puede hacer esto.',
    permission_denied: '¡Acción no autorizada o prohibida!',
    incorrect_credentials: '¡Credenciales incorrectas!',
    current_password_incorrect: 'La contraseña actual no es correcta.',
    email_not_verified: 'Confirma tu correo electrónico antes de iniciar sesión.',
    verification_link_invalid: 'Este enlace de confirmación no es válido o ha caducado.',
    reset_link_invalid: 'Este enlace para restablecer la contraseña no es válido o ha caducado.',
    username_taken: 'Este nombre de usuario ya está en uso.',
    email_taken: 'Este correo electrónico ya está registrado.',
    too_many_attempts: 'Demasiados intentos de inicio de sesión. Inténtalo más tarde.',
    phone_invalid: 'Introduce un número de teléfono válido.',
  },
  users: {
    not_found: 'Usuario no encontrado.',
  },
  performers: {
    not_found: 'Creador no encontrado.',
    not_verified: 'Los documentos de este creador aún no fueron aprobados.',
    too_young: 'Debes tener al menos 18 años para ser creador.',
    document_required: 'Sube el documento solicitado.',
    document_type: 'El documento debe ser un archivo JPEG, PNG, WebP o PDF.',
  },
  content: {
    locked: 'Desbloquea esta publicación para verla.',
  },
  galleries: {
    not_found: 'Galería no encontrada.',
    already_unlocked: 'Ya desbloqueaste esta galería.',
  },
  photos: {
    not_found: 'Foto no encontrada.',
  },
  videos: {
    not_found: 'Video no encontrado.',
    already_unlocked: 'Ya desbloqueaste este video.',
    file_required: 'Sube el archivo del video.',
  },
  reels: {
    not_found: 'Reel no encontrado.',
  },
  blocks: {
    self: 'No puedes bloquearte a ti mismo.',
    blocked: 'Este creador no está disponible para ti.',
  },
  reports: {
    duplicate: 'Ya denunciaste este contenido.',
    target_not_found: 'El contenido denunciado ya no existe.',
  },
  categories: {
    not_found: 'Categoría no encontrada.',
    name_taken: 'Ya existe una categoría con este nombre.',
  },
  polls: {
    closed: 'Esta encuesta está cerrada.',
    already_voted: 'Ya votaste en esta encuesta.',
  },
  media: {
    file_required: 'Elige un archivo para subir.',
    unsupported_type: 'Este tipo de archivo no se acepta aquí.',
    too_large: 'El archivo supera el límite permitido.',
    unreadable: 'No se pudo leer este archivo. Puede estar dañado.',
    link_invalid: 'Este enlace de medios caducó o no es tuyo. Recarga la página.',
    not_ready: 'Este video todavía se está procesando. Inténtalo de nuevo en un momento.',
  },
  feeds: {
    not_found: 'Esta publicación no existe o no está disponible.',
    already_unlocked: 'Ya desbloqueaste esta publicación.',
    files_invalid: 'Uno de los archivos no se puede usar en esta publicación.',
  },
  follows: {
    self: 'No puedes seguirte a ti mismo.',
  },
  comments: {
    not_found: 'Este comentario ya no existe.',
    parent_invalid: 'Solo puedes responder a un comentario de esta publicación.',
  },
  idempotency: {
    key_required: 'No se pudo confirmar la solicitud. Inténtalo de nuevo.',
    key_reused: 'Esta solicitud ya se hizo con otros datos. Empieza de nuevo.',
    in_progress: 'Tu solicitud aún se está procesando. Espera un momento.',
  },
  wallet: {
    insufficient_balance: 'Saldo insuficiente. Recarga tu billetera.',
    self_purchase: 'No puedes pagarte a ti mismo.',
    item_not_found: 'Este artículo no está disponible para comprar.',
    creator_not_found: 'Creador no encontrado.',
    tip_out_of_range: 'El monto de la propina está fuera del rango permitido.',
    creators_only: 'Solo los creadores pueden recibir este pago.',
  },
  payment: {
    quote_invalid: 'La confirmación caducó. Inténtalo de nuevo.',
    quote_mismatch: 'La solicitud no coincide con lo que confirmaste. No se cobró nada.',
    price_changed: 'El precio cambió. Revisa el nuevo monto; no se cobró nada.',
    topup_out_of_range: 'El monto de la recarga está fuera del rango permitido.',
    coupon_leaves_too_little: 'Con este cupón, el monto a pagar queda por debajo del mínimo.',
    declined: 'El pago fue rechazado.',
    gateway_unavailable: 'Este medio de pago no está disponible ahora. Inténtalo más tarde.',
    cards_disabled: 'El pago con tarjeta no está disponible en esta plataforma.',
    card_gateway_only: 'Una tarjeta guardada solo puede usarse para pagos con tarjeta.',
    card_not_found: 'Tarjeta no encontrada.',
    card_owned_elsewhere: 'Esta tarjeta pertenece a otra cuenta.',
    sandbox_unavailable: 'El entorno de pruebas de PIX no está disponible.',
    pix_not_configured: 'PIX no está disponible en esta plataforma.',
    transaction_not_found: 'Pago no encontrado.',
    no_qr_code: 'Este pago no tiene código QR.',
    already_paid: 'Este pago ya se realizó.',
    expired: 'Este PIX caducó. Genera uno nuevo.',
    closed: 'Este pago ya no está abierto.',
    sandbox_failed: 'El entorno de pruebas no confirmó el pago.',
    unknown_provider: 'Medio de pago desconocido.',
    webhook_invalid: 'Aviso de pago no válido.',
  },
  coupons: {
    not_found: 'Cupón no encontrado.',
    inactive: 'Este cupón no está activo.',
    expired: 'Este cupón caducó.',
    exhausted: 'Este cupón se agotó.',
    used_by_you: 'Ya usaste este cupón.',
    percentage_too_high: 'Un cupón porcentual debe ser menor que 100 %.',
    code_taken: 'Ya existe un cupón con este código.',
  },
  embeds: {
    invalid_origin: 'Introduce la dirección de un sitio, como https://ejemplo.com.',
    origin_exists: 'Este sitio ya está en tu lista.',
    too_many: 'Alcanzaste el límite de sitios.',
    not_found: 'Sitio no encontrado en tu lista.',
  },
  settings: {
    empty: 'Indica al menos una configuración.',
    unknown_key: 'Configuración desconocida.',
    invalid_value: 'Valor de configuración no válido.',
  },
  reference: {
    not_found: 'No encontrado.',
  },
  bridge: {
    unavailable: 'Fandeck no está disponible en esta página.',
    popup_blocked: 'El navegador bloqueó la ventana de inicio de sesión. Permite las ventanas emergentes e inténtalo de nuevo.',
    popup_closed: 'La ventana de inicio de sesión se cerró antes de terminar.',
    route_not_allowed: 'Esta acción no está disponible en esta página.',
    not_confirmed: 'Acción cancelada. No se cobró nada.',
    busy: 'Termina la confirmación abierta antes de empezar otra.',
  },
} satisfies TextsOf<typeof errors>;
