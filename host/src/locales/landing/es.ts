import type { TextsOf } from '@fandeck/widgets/i18n';
import type landing from './pt-BR.js';

/** The visitor's landing page (`/`): Spanish. */
export default {
  title: 'Tus creadores favoritos, de cerca',
  lead: 'Suscríbete, conversa y mira en vivo a quienes admiras. Contenido exclusivo, pagos con PIX y creadores que cobran de verdad por lo que hacen.',
  searchLabel: 'Buscar en el sitio',
  searchPlaceholder: '¿Qué estás buscando?',
  searchSubmit: 'Buscar',
  joinAsFan: 'Crear cuenta gratis',
  joinAsCreator: 'Soy creador',
  pointSubscribeTitle: 'Suscripciones',
  pointSubscribeBody: 'Publicaciones, fotos y videos solo para suscriptores, por mes o con descuento anual.',
  pointCloseTitle: 'Más cerca',
  pointCloseBody: 'Mensajes directos, propinas, llamadas privadas y transmisiones en vivo con chat.',
  pointPixTitle: 'Paga con PIX',
  pointPixBody: 'Recarga tu billetera en segundos y apoya sin complicaciones.',
  discoverTitle: 'Creadores para descubrir',
  shelf_top: 'Tendencias',
  shelf_new: 'Nuevos',
  shelf_live: 'En vivo ahora',
  shelfFailed: 'No se pudieron cargar los creadores.',
  emptyCreators: 'Aún no hay creadores aquí.',
  emptyLive: 'Nadie está en vivo ahora. ¡Vuelve más tarde!',
  seeAllCreators: 'Ver todos los creadores',
  liveBadge: 'En vivo',
  creatorCtaTitle: '¿Creas contenido?',
  creatorCtaBody: 'Arma tu página, define tus precios y recibe suscripciones, propinas y ventas en un solo lugar.',
} satisfies TextsOf<typeof landing>;
