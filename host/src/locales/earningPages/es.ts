import type { TextsOf } from '@fandeck/widgets/i18n';
import type earningPages from './pt-BR.js';

/** Host site: the creator's earnings and referrals: Spanish. */
export default {
  title: 'Ganancias',
  stats: {
    net: 'Tus ganancias',
    gross: 'Pagado por los fans',
    commission: 'Comisión de la plataforma',
    available: 'Disponible para retirar',
    pending: 'En retiro',
    paid: 'Ya retirado',
  },
  toPayouts: 'Solicitar un retiro',
  listTitle: 'Cada ganancia',
  type: 'Tipo',
  allTypes: 'Todos',
  sources: {
    subscription: 'Suscripción',
    tip: 'Propina',
    feed: 'Publicación',
    video: 'Video',
    gallery: 'Galería',
    product: 'Producto',
    message: 'Mensaje',
    stream: 'Transmisión en vivo',
    other: 'Otro',
  },
  empty: 'Todavía no tienes ganancias.',
  emptyType: 'Ninguna ganancia de este tipo.',
  columns: {
    date: 'Fecha',
    type: 'Tipo',
    from: 'De',
    gross: 'Importe pagado',
    commission: 'Comisión',
    net: 'Tu ganancia',
  },
  referrals: {
    title: 'Referidos',
    intro: 'Comparte tu enlace: quien se registre con él te genera una comisión sobre lo que gaste o venda en la plataforma.',
    code: 'Tu código:',
    link: 'Enlace de referido',
    copy: 'Copiar enlace',
    copied: 'Enlace copiado.',
    copyManually: 'No se pudo copiar. El enlace está seleccionado: cópialo a mano.',
    earningsTitle: 'Ganancias por referidos',
    total: 'Total de comisiones',
    count: 'Comisiones recibidas',
    referred: 'Referido',
    empty: 'Todavía no hay comisiones por referidos.',
  },
} satisfies TextsOf<typeof earningPages>;
