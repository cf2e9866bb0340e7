import type { TextsOf } from '@fandeck/widgets/i18n';
import type notifications from './pt-BR.js';

/** Host site: the notifications bell, the /notifications page and browser notifications: Spanish. */
export default {
  title: 'Notificaciones',
  bell: {
    label: 'Notificaciones',
    labelUnread: 'Notificaciones: {{count}} sin leer',
    latest: 'Últimas notificaciones',
    empty: 'Todavía no hay notificaciones.',
    seeAll: 'Ver todas',
  },
  types: {
    subscription: {
      renewal_failed: 'No pudimos renovar tu suscripción a {{name}}. Agrega saldo para mantener el acceso.',
      created: '{{name}} se suscribió a tu perfil.',
    },
    follow: {
      created: '{{name}} empezó a seguirte.',
    },
    tip: {
      received: '{{name}} te envió una propina de {{amount}}.',
      receivedNoAmount: '{{name}} te envió una propina.',
    },
    comment: {
      created: '{{name}} comentó tu publicación.',
    },
    message: {
      received: '{{name}} te envió un mensaje.',
    },
    private_stream: {
      updated: '{{name}} actualizó una solicitud de llamada privada.',
    },
    moderation: {
      warning: "El equipo revisó una denuncia sobre tu contenido y te envió un aviso: sigue las reglas de la plataforma.",
    },
    stream: {
      live: '{{name}} está en vivo ahora. ¡Ven a verlo!',
    },
    generic: 'Tienes una nueva notificación.',
  },
  /** A private call request's change, by its `action` (private_stream.updated). */
  privateCall: {
    requested: '{{name}} pidió una llamada privada.',
    approved: '{{name}} aprobó tu pedido de llamada privada.',
    rejected: '{{name}} rechazó tu pedido de llamada privada.',
    edited: '{{name}} cambió el pedido de llamada privada.',
    paid: '{{name}} pagó la llamada privada.',
    started: '{{name}} empezó la llamada privada: entra ahora.',
    deleted: '{{name}} canceló el pedido de llamada privada.',
    deletedRefunded: '{{name}} canceló la llamada privada pagada; el importe volvió a la billetera del fan.',
  },
  someone: 'Alguien',
  unreadMark: 'Sin leer',
  markRead: 'Marcar como leída',
  markAllRead: 'Marcar todas como leídas',
  allRead: 'Todas las notificaciones se marcaron como leídas.',
  page: {
    intro: 'Lo que pasó en tu cuenta: nuevas suscripciones, seguidores, propinas, comentarios y mensajes.',
    empty: 'Todavía no tienes notificaciones.',
    loadMore: 'Cargar más',
    loadingMore: 'Cargando…',
    count: 'Mostrando {{shown}} de {{total}}',
  },
  push: {
    title: 'Notificaciones del navegador',
    hint: 'Recibe un aviso del navegador aunque el sitio esté cerrado.',
    enable: 'Activar notificaciones del navegador',
    disable: 'Desactivar notificaciones del navegador',
    working: 'Un momento…',
    enabled: 'Notificaciones del navegador activadas.',
    disabled: 'Notificaciones del navegador desactivadas.',
    denied: 'Tu navegador bloqueó las notificaciones de este sitio. Permítelas en la configuración del navegador.',
    failed: 'No se pudieron activar las notificaciones del navegador.',
  },
} satisfies TextsOf<typeof notifications>;
