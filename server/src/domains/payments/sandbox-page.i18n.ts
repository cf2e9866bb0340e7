/** Texts of the PIX sandbox page in every supported language; pt-BR is the default (spec section 9). */
export type SandboxText =
  | 'title'
  | 'banner'
  | 'amount'
  | 'merchant'
  | 'scan'
  | 'codeLabel'
  | 'copy'
  | 'copied'
  | 'pay'
  | 'paying'
  | 'paid'
  | 'expired'
  | 'notPending'
  | 'error'
  | 'expiresAt'
  | 'statusPending'
  | 'statusPaid'
  | 'qrAlt';

export const SANDBOX_LOCALES = ['pt-BR', 'en', 'es'] as const;
export type SandboxLocale = (typeof SANDBOX_LOCALES)[number];

export const SANDBOX_CATALOGUE: Record<SandboxLocale, Record<SandboxText, string>> = {
  'pt-BR': {
    title: 'Pagamento PIX de teste',
    banner: 'Ambiente de teste: nenhum dinheiro real é movimentado.',
    amount: 'Valor',
    merchant: 'Recebedor',
    scan: 'Escaneie o QR Code no app do seu banco ou copie o código PIX.',
    codeLabel: 'PIX copia e cola',
    copy: 'Copiar código',
    copied: 'Código copiado',
    pay: 'Pagar agora (simulação)',
    paying: 'Enviando pagamento…',
    paid: 'Pagamento confirmado. Você já pode fechar esta página.',
    expired: 'Esta cobrança expirou.',
    notPending: 'Esta cobrança não está mais aguardando pagamento.',
    error: 'Não foi possível enviar o pagamento. Tente novamente.',
    expiresAt: 'Expira em',
    statusPending: 'Aguardando pagamento',
    statusPaid: 'Pago',
    qrAlt: 'QR Code PIX',
  },
  en: {
    title: 'Test PIX payment',
    banner: 'Sandbox: no real money moves.',
    amount: 'Amount',
    merchant: 'Payee',
    scan: 'Scan the QR code in your bank app or copy the PIX code.',
    codeLabel: 'PIX copy and paste code',
    copy: 'Copy code',
    copied: 'Code copied',
    pay: 'Pay now (simulated)',
    paying: 'Sending payment…',
    paid: 'Payment confirmed. You can close this page.',
    expired: 'This charge has expired.',
    notPending: 'This charge is no longer awaiting payment.',
    error: 'The payment could not be sent. Please try again.',
    expiresAt: 'Expires at',
    statusPending: 'Awaiting payment',
    statusPaid: 'Paid',
    qrAlt: 'PIX QR code',
  },
  es: {
    title: 'Pago PIX de prueba',
    banner: 'Entorno de prueba: no se mueve dinero real.',
    amount: 'Importe',
    merchant: 'Beneficiario',
    scan: 'Escanea el código QR en la app de tu banco o copia el código PIX.',
    codeLabel: 'Código PIX para copiar y pegar',
    copy: 'Copiar código',
    copied: 'Código copiado',
    pay: 'Pagar ahora (simulado)',
    paying: 'Enviando el pago…',
    paid: 'Pago confirmado. Ya puedes cerrar esta página.',
    expired: 'Este cobro ha vencido.',
    notPending: 'Este cobro ya no está pendiente de pago.',
    error: 'No se pudo enviar el pago. Inténtalo de nuevo.',
    expiresAt: 'Vence el',
    statusPending: 'Esperando el pago',
    statusPaid: 'Pagado',
    qrAlt: 'Código QR PIX',
  },
};

function match(tag: string): SandboxLocale | undefined {
  const lower = tag.trim().toLowerCase();
  const exact = SANDBOX_LOCALES.find((l) => l.toLowerCase() === lower);
  if (exact) return exact;
  const language = lower.split('-')[0];
  return SANDBOX_LOCALES.find((l) => l.toLowerCase().split('-')[0] === language);
}

/** `?locale=` first, then the best Accept-Language entry we have, then pt-BR. */
export function pickSandboxLocale(queryLocale: string | undefined, acceptLanguage: string | undefined): SandboxLocale {
  if (queryLocale) {
    const chosen = match(queryLocale);
    if (chosen) return chosen;
  }
  const ranked = (acceptLanguage ?? '')
    .slice(0, 500)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q=([01](?:\.\d{1,3})?)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((e) => e.tag && e.tag !== '*' && e.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const entry of ranked) {
    const chosen = match(entry.tag);
    if (chosen) return chosen;
  }
  return 'pt-BR';
}
