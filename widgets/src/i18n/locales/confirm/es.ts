import type { TextsOf } from '../../index.js';
import type confirm from './pt-BR.js';

/** Texts of the platform's payment confirm: Spanish. */
export default {
  titleTip: 'Enviar propina',
  titleContribute: 'Apoyar la meta',
  titleUnlock: 'Desbloquear contenido',
  titleUnlockFeed: 'Desbloquear publicación',
  titleUnlockVideo: 'Desbloquear video',
  titleUnlockGallery: 'Desbloquear galería',
  titleUnlockMessage: 'Desbloquear mensaje',
  titleUnlockProduct: 'Comprar producto',
  titleTopup: 'Recargar billetera',
  titleSubscribe: 'Suscribirse',
  titleCall: 'Pagar llamada privada',
  /** A live gift (`gift`), named by the quote's description. */
  titleGift: 'Enviar regalo',
  price: 'Importe',
  credit: 'Crédito en la billetera',
  recipient: 'Para',
  item: 'Artículo',
  duration: 'Duración',
  minutes: '{{minutes}} min',
  requestedBy: 'Solicitado por {{origin}}',
  hint: 'Confirma solo si fuiste tú quien inició esta acción.',
  siteHint: 'El importe sale de tu billetera en cuanto confirmes. Cancelar no cobra nada.',
  confirm: 'Confirmar',
  confirmAmount: 'Pagar {{amount}}',
  cancel: 'Cancelar',
  back: 'Volver',
} satisfies TextsOf<typeof confirm>;
