import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { toCents } from '../money/amounts.js';
import { buildBrCode, formatAmount, toBrCodeText } from './br-code.js';
import { WebhookVerificationError, type PaymentEvent, type PaymentGateway, type TopUpCharge, type TopUpChargeRequest, type WebhookRequest } from './gateway.js';
import { PIX_SIGNATURE_HEADER, signatureHeader, verifySignature } from './webhook-signature.js';

/**
 * A local PIX provider that behaves like a Brazilian one: a charge is a BR Code with a
 * fixed amount and our transaction id as txid; the confirmation is a webhook in the
 * Banco Central's API Pix format (`{ pix: [{ endToEndId, txid, valor, horario }] }`),
 * signed with HMAC because the sandbox cannot use the mutual TLS real providers use.
 */
export const SANDBOX = {
  /** A random (EVP) key owned by nobody: the sandbox never moves real money. */
  pixKey: '5f84c2a0-3b1e-4c8e-9d7a-0c6b2e1f4a93',
  merchantCity: 'SAO PAULO',
  /** A charge can be paid for an hour, like a typical dynamic PIX charge. */
  chargeSeconds: 60 * 60,
  /** The ISPB in the endToEndIds the sandbox makes up (a made-up participant). */
  ispb: '99999999',
} as const;

/** One received PIX, as the API Pix webhook reports it. */
const pixItem = z.object({
  endToEndId: z.string().regex(/^[A-Za-z0-9]{1,35}$/),
  txid: z.string().regex(/^[A-Za-z0-9]{1,35}$/),
  valor: z.string().regex(/^\d{1,10}\.\d{2}$/),
  horario: z.string().max(40).optional(),
  infoPagador: z.string().max(140).optional(),
});
const pixWebhookBody = z.object({ pix: z.array(pixItem).min(1).max(100) });
export type PixWebhookBody = z.infer<typeof pixWebhookBody>;

/** An endToEndId as the SPI forms it: E + ISPB + yyyyMMddHHmm + 11 random characters. */
export function newEndToEndId(now: Date): string {
  const stamp = now.toISOString().replace(/[-:T]/g, '').slice(0, 12);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const tail = [...randomBytes(11)].map((b) => alphabet[b % alphabet.length]).join('');
  return `E${SANDBOX.ispb}${stamp}${tail}`;
}

export interface PixSandboxOptions {
  webhookSecret: string;
}

export function createPixSandboxGateway(options: PixSandboxOptions): PaymentGateway & {
  /** The signed webhook the sandbox sends when someone pays the charge. */
  paymentWebhook(input: { txid: string; amountCents: number; now: Date }): { body: string; headers: Record<string, string> };
} {
  return {
    name: 'pix-sandbox',
    clearingAccount: 'pix-sandbox',

    async createTopUpCharge(request: TopUpChargeRequest): Promise<TopUpCharge> {
      const brCode = buildBrCode({
        key: SANDBOX.pixKey,
        description: request.description,
        amountCents: request.amountCents,
        // A site name with no Latin letters would leave the mandatory name empty.
        merchantName: toBrCodeText(request.merchantName, 25) || 'FANDECK',
        merchantCity: SANDBOX.merchantCity,
        txid: request.transactionId,
      });
      return {
        providerReference: request.transactionId,
        brCode,
        expiresAt: new Date(request.now.getTime() + SANDBOX.chargeSeconds * 1000),
      };
    },

    async verifyWebhook({ rawBody, headers, now }: WebhookRequest): Promise<PaymentEvent[]> {
      verifySignature(options.webhookSecret, rawBody, headers[PIX_SIGNATURE_HEADER], now);
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new WebhookVerificationError('The webhook body is not JSON');
      }
      const parsed = pixWebhookBody.safeParse(json);
      if (!parsed.success) throw new WebhookVerificationError('The webhook body is not an API Pix notification');
      return parsed.data.pix.map((item) => ({
        providerPaymentId: item.endToEndId,
        transactionId: item.txid,
        providerReference: item.txid,
        amountCents: toCents(item.valor) ?? 0,
        currency: 'BRL',
        status: 'success' as const,
      }));
    },

    paymentWebhook({ txid, amountCents, now }) {
      const body = JSON.stringify({
        pix: [{ endToEndId: newEndToEndId(now), txid, valor: formatAmount(amountCents), horario: now.toISOString(), infoPagador: 'Fandeck sandbox' }],
      });
      return { body, headers: { 'content-type': 'application/json', [PIX_SIGNATURE_HEADER]: signatureHeader(options.webhookSecret, body, now) } };
    },
  };
}
