/**
 * Texts of the payment confirm: the bridge's dialog on third-party pages and the host
 * site's default browser confirm. They live here, not in the widgets' catalogues, because
 * the bridge is a tiny page of its own that must not load i18next or any feature's texts.
 * pt-BR is the default; en and es are complete too (a test checks the keys match).
 */
import type { PayKind } from '@fandeck/contract';

export interface ConfirmTexts {
  titleTip: string;
  titleContribute: string;
  titleUnlock: string;
  titleTopup: string;
  titleSubscribe: string;
  /** Paying for a private call (`call`); its length is the quote's `minutes`. */
  titleCall: string;
  /** Sending a live gift (`gift`), named by the quote's description. */
  titleGift: string;
  price: string;
  credit: string;
  recipient: string;
  item: string;
  /** A private call's length: the term, and its value from the quote's `minutes`. */
  duration: string;
  minutes: string;
  requestedBy: string;
  hint: string;
  confirm: string;
  cancel: string;
  /** One line for the browser's own confirm (host site). */
  summaryTip: string;
  summaryContribute: string;
  summaryUnlock: string;
  summaryTopup: string;
  /** A top-up whose price differs from the credit (a coupon). */
  summaryTopupFor: string;
  summarySubscribe: string;
  summaryCall: string;
  summaryGift: string;
}

const ptBR: ConfirmTexts = {
  titleTip: 'Enviar gorjeta',
  titleContribute: 'Apoiar a vaquinha',
  titleUnlock: 'Desbloquear conteúdo',
  titleTopup: 'Recarregar carteira',
  titleSubscribe: 'Assinar',
  titleCall: 'Pagar chamada privada',
  titleGift: 'Enviar presente',
  price: 'Valor',
  credit: 'Crédito na carteira',
  recipient: 'Para',
  item: 'Item',
  duration: 'Duração',
  minutes: '{{minutes}} min',
  requestedBy: 'Pedido por {{origin}}',
  hint: 'Confirme somente se foi você quem iniciou esta ação.',
  confirm: 'Confirmar',
  cancel: 'Cancelar',
  summaryTip: 'Gorjeta de {{amount}} para {{name}}',
  summaryContribute: 'Contribuição de {{amount}} para a meta de {{name}}',
  summaryUnlock: 'Desbloquear {{item}} por {{amount}}',
  summaryTopup: 'Recarga de {{amount}} na carteira',
  summaryTopupFor: 'Recarga de {{credit}} na carteira por {{amount}}',
  summarySubscribe: 'Assinar {{name}} por {{amount}}',
  summaryCall: 'Pagar chamada privada ({{minutes}} min) por {{amount}}',
  summaryGift: 'Presente {{item}} de {{amount}} para {{name}}',
};

const en: ConfirmTexts = {
  titleTip: 'Send a tip',
  titleContribute: 'Back the goal',
  titleUnlock: 'Unlock content',
  titleTopup: 'Top up wallet',
  titleSubscribe: 'Subscribe',
  titleCall: 'Pay for a private call',
  titleGift: 'Send a gift',
  price: 'Amount',
  credit: 'Wallet credit',
  recipient: 'To',
  item: 'Item',
  duration: 'Length',
  minutes: '{{minutes}} min',
  requestedBy: 'Requested by {{origin}}',
  hint: 'Only confirm if you started this action yourself.',
  confirm: 'Confirm',
  cancel: 'Cancel',
  summaryTip: 'Tip of {{amount}} to {{name}}',
  summaryContribute: 'A contribution of {{amount}} to {{name}}’s goal',
  summaryUnlock: 'Unlock {{item}} for {{amount}}',
  summaryTopup: 'Wallet top-up of {{amount}}',
  summaryTopupFor: 'Wallet top-up of {{credit}} for {{amount}}',
  summarySubscribe: 'Subscribe to {{name}} for {{amount}}',
  summaryCall: 'Pay {{amount}} for a private call ({{minutes}} min)',
  summaryGift: 'Gift {{item}} of {{amount}} to {{name}}',
};

const es: ConfirmTexts = {
  titleTip: 'Enviar propina',
  titleContribute: 'Apoyar la meta',
  titleUnlock: 'Desbloquear contenido',
  titleTopup: 'Recargar billetera',
  titleSubscribe: 'Suscribirse',
  titleCall: 'Pagar llamada privada',
  titleGift: 'Enviar regalo',
  price: 'Importe',
  credit: 'Crédito en la billetera',
  recipient: 'Para',
  item: 'Artículo',
  duration: 'Duración',
  minutes: '{{minutes}} min',
  requestedBy: 'Solicitado por {{origin}}',
  hint: 'Confirma solo si fuiste tú quien inició esta acción.',
  confirm: 'Confirmar',
  cancel: 'Cancelar',
  summaryTip: 'Propina de {{amount}} para {{name}}',
  summaryContribute: 'Aporte de {{amount}} a la meta de {{name}}',
  summaryUnlock: 'Desbloquear {{item}} por {{amount}}',
  summaryTopup: 'Recarga de {{amount}} en la billetera',
  summaryTopupFor: 'Recarga de {{credit}} en la billetera por {{amount}}',
  summarySubscribe: 'Suscribirse a {{name}} por {{amount}}',
  summaryCall: 'Pagar llamada privada ({{minutes}} min) por {{amount}}',
  summaryGift: 'Regalo {{item}} de {{amount}} para {{name}}',
};

export const confirmCatalogues: Readonly<Record<'pt-BR' | 'en' | 'es', ConfirmTexts>> = { 'pt-BR': ptBR, en, es };

export type ConfirmTextKey = keyof ConfirmTexts;

export const TITLE_KEYS: Record<PayKind, ConfirmTextKey> = {
  tip: 'titleTip',
  contribute: 'titleContribute',
  unlock: 'titleUnlock',
  topup: 'titleTopup',
  subscribe: 'titleSubscribe',
  call: 'titleCall',
  gift: 'titleGift',
};
export const SUMMARY_KEYS: Record<PayKind, ConfirmTextKey> = {
  tip: 'summaryTip',
  contribute: 'summaryContribute',
  unlock: 'summaryUnlock',
  topup: 'summaryTopup',
  subscribe: 'summarySubscribe',
  call: 'summaryCall',
  gift: 'summaryGift',
};
