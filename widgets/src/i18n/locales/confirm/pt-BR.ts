/**
 * Texts of the platform's payment confirm (`bridge/confirm-dialog.ts`), the one dialog the
 * bridge shows on third-party pages and the site shows on its own: Brazilian Portuguese, the
 * reference every locale matches key for key. The dialog imports these objects directly
 * (the bridge is a tiny page that loads no i18next), and i18n.test.ts checks them like
 * every other namespace.
 */
const confirm = {
  titleTip: 'Enviar gorjeta',
  titleContribute: 'Apoiar a vaquinha',
  titleUnlock: 'Desbloquear conteúdo',
  /** Unlocks worded by what is bought (the quote's action). */
  titleUnlockFeed: 'Desbloquear publicação',
  titleUnlockVideo: 'Desbloquear vídeo',
  titleUnlockGallery: 'Desbloquear galeria',
  titleUnlockMessage: 'Desbloquear mensagem',
  titleUnlockProduct: 'Comprar produto',
  titleTopup: 'Recarregar carteira',
  titleSubscribe: 'Assinar',
  titleCall: 'Pagar chamada privada',
  /** A live gift (`gift`), named by the quote's description. */
  titleGift: 'Enviar presente',
  price: 'Valor',
  credit: 'Crédito na carteira',
  recipient: 'Para',
  item: 'Item',
  duration: 'Duração',
  minutes: '{{minutes}} min',
  requestedBy: 'Pedido por {{origin}}',
  hint: 'Confirme somente se foi você quem iniciou esta ação.',
  /** On the platform's own site: said under the amount. */
  siteHint: 'O valor sai da sua carteira assim que você confirmar. Cancelar não cobra nada.',
  confirm: 'Confirmar',
  /** The confirm button with the amount: what the fan pays is on the button itself. */
  confirmAmount: 'Pagar {{amount}}',
  cancel: 'Cancelar',
  /** Dismisses a plain question (a delete, a refusal): never "Cancelar", which may be what is asked. */
  back: 'Voltar',
} as const;

export default confirm;
