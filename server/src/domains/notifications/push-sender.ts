/**
 * Web push delivery behind one small interface, so the notifications domain does not care
 * how a message reaches a browser's push service and a test can stand in for it.
 *
 * The real sender encrypts the payload for the subscription (RFC 8291, `aes128gcm`) and signs
 * a VAPID token for the push service's origin (RFC 8292) with the `web-push` package, then
 * sends the request itself with `fetch`: a time limit, no redirects followed (an endpoint is
 * an address a browser gave us, so the server goes there and nowhere else).
 */
import webPush from 'web-push';

/** A stored browser subscription: where to send, and the keys the payload is encrypted to. */
export interface PushTarget {
  endpoint: string;
  /** The browser's P-256 public key, base64url (65 bytes uncompressed). */
  p256dh: string;
  /** The browser's 16-byte authentication secret, base64url. */
  auth: string;
}

export interface VapidDetails {
  publicKey: string;
  privateKey: string;
  /** An https: URL or mailto: address push services may contact. */
  subject: string;
}

export interface PushSender {
  /**
   * Sends one message and answers the push service's HTTP status (201 when accepted; 404 or
   * 410 when the subscription is gone). Throws when the request could not be made at all.
   */
  send(target: PushTarget, payload: string): Promise<{ statusCode: number }>;
}

export interface WebPushOptions {
  /** How long the push service keeps a message for an offline browser (seconds). */
  ttlSeconds?: number;
  /** Longest wait for the push service's answer (ms). */
  timeoutMs?: number;
}

const DAY_SECONDS = 24 * 3600;

/** The real sender; the VAPID details are asked for on each send (they are loaded once, lazily). */
export function createWebPushSender(vapid: () => Promise<VapidDetails>, options: WebPushOptions = {}): PushSender {
  const ttl = options.ttlSeconds ?? DAY_SECONDS;
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    async send(target, payload) {
      const details = webPush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
        vapidDetails: await vapid(),
        TTL: ttl,
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
      });
      const headers: Record<string, string> = {};
      // fetch sets the length from the body itself.
      for (const [name, value] of Object.entries(details.headers)) if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
      const response = await fetch(details.endpoint, {
        method: details.method,
        headers,
        body: details.body ? new Uint8Array(details.body) : null,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel().catch(() => undefined);
      return { statusCode: response.status };
    },
  };
}

/** A new P-256 key pair for VAPID, base64url (public: 65 bytes uncompressed, private: 32 bytes). */
export const generateVapidKeys = (): { publicKey: string; privateKey: string } => webPush.generateVAPIDKeys();
