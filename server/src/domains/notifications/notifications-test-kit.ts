/** Shared by the notification tests (not a test file itself). */
import { createECDH, createPublicKey, hkdfSync, createDecipheriv, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { defineDomain } from '../plugin.js';
import type { NotificationsExtension } from './notifications.extension.js';

/** A test-only domain that hands the test the notifications extension (`createTestApp(..., { extraDomains: [probe.plugin] })`). */
export function notificationsProbe() {
  let extension: NotificationsExtension | undefined;
  const plugin = defineDomain({
    name: 'notifications-probe',
    dependsOn: ['notifications'],
    register(_api, _ctx, deps) {
      extension = deps.get('notifications');
    },
  });
  return {
    plugin,
    get notifications(): NotificationsExtension {
      if (!extension) throw new Error('the probe was not registered');
      return extension;
    },
  };
}

/** A socket signed in as the token's user, connected to a listening app. */
export function socketTo(origin: string, token: string): Promise<Socket> {
  const socket = connect(origin, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

export const nextEvent = <T>(socket: Socket, name: string) => new Promise<T>((resolve) => socket.once(name, resolve));

/** What a browser keeps for a push subscription: its P-256 key pair and 16-byte auth secret. */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, json: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
}
export type BrowserKeys = ReturnType<typeof browserKeys>;

export interface PushRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A local HTTP server playing a push service: records each request and answers `status`
 * (201 by default). `next()` resolves with the next request received.
 */
export async function fakePushService() {
  const requests: PushRequest[] = [];
  const waiting: ((request: PushRequest) => void)[] = [];
  let status = 201;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      requests.push(request);
      res.writeHead(status).end();
      waiting.shift()?.(request);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    endpoint: (name: string) => `${origin}/push/${name}`,
    answer(code: number) {
      status = code;
    },
    next: () => new Promise<PushRequest>((resolve) => waiting.push(resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Decrypts an `aes128gcm` web push body (RFC 8188 framing, RFC 8291 keys) the way the
 * browser does, with the subscription's private key and auth secret: one record.
 */
export function decryptPushBody(body: Buffer, keys: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (record.length > recordSize) throw new Error('more than one record');
  const shared = keys.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, keys.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  const end = padded.lastIndexOf(2);
  if (end < 0 || padded.subarray(end + 1).some((byte) => byte !== 0)) throw new Error('bad padding');
  return padded.subarray(0, end).toString('utf8');
}

/**
 * Reads `Authorization: vapid t=<JWT>, k=<public key>` (RFC 8292), checks the ES256 signature
 * against `publicKey` (base64url, 65 bytes), and answers the JWT's claims.
 */
export function verifyVapid(authorization: string | undefined, publicKey: string): { aud: string; exp: number; sub: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID Authorization header: ${authorization}`);
  const [, jwt, k] = match;
  if (k !== publicKey) throw new Error('the header names another public key');
  const [header, claims, signature] = jwt!.split('.');
  if (JSON.parse(Buffer.from(header!, 'base64url').toString()).alg !== 'ES256') throw new Error('not ES256');
  const raw = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') }, format: 'jwk' });
  const signed = verify('sha256', Buffer.from(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature!, 'base64url'));
  if (!signed) throw new Error('the VAPID signature does not verify');
  return JSON.parse(Buffer.from(claims!, 'base64url').toString());
}
