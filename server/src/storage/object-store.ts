/**
 * Where processed media live once written: the uploads folder itself (`STORAGE=local`,
 * the default), or an S3-compatible bucket (`STORAGE=s3`). Uploads are always received
 * and processed on local disk (streamed, sniffed, re-encoded, transcoded); `publish`
 * then moves a finished folder or file to the store, and the media routes `read` from
 * it, so files are served through the same signed, viewer-bound links either way (no
 * bucket URL, which would be a bearer token in a URL, ever reaches a client).
 */
import { createReadStream } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import aws4 from 'aws4';

export interface ObjectStore {
  kind: 'local' | 's3';
  /** Moves a file or folder (relative to the uploads folder) to the store; local: nothing to do. */
  publish(relativePath: string): Promise<void>;
  /** A stored file's bytes, or null when there is no such file. */
  read(relativePath: string): Promise<{ body: Readable; size: number } | null>;
  /** Removes a file or a whole folder, wherever it is. */
  remove(relativePath: string): Promise<void>;
}

/** Keys are the uploads-relative paths; nothing may climb out of them. */
function checkedKey(relativePath: string): string {
  const key = path.posix.normalize(relativePath.split(path.sep).join('/'));
  if (key.startsWith('../') || key === '..' || path.posix.isAbsolute(key) || key === '.') throw new Error(`invalid storage path: ${relativePath}`);
  return key;
}

export function localStore(uploadsDir: string): ObjectStore {
  return {
    kind: 'local',
    publish: async () => undefined,
    async read(relativePath) {
      const file = path.join(uploadsDir, checkedKey(relativePath));
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      return { body: createReadStream(file), size: info.size };
    },
    async remove(relativePath) {
      await rm(path.join(uploadsDir, checkedKey(relativePath)), { recursive: true, force: true });
    },
  };
}

export interface S3Options {
  /** `https://s3.example.com` (path-style requests: `<endpoint>/<bucket>/<key>`). */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region?: string;
}

/** Every file under a local path (itself when it is a file), relative to the uploads folder. */
async function filesUnder(uploadsDir: string, relativePath: string): Promise<string[]> {
  const absolute = path.join(uploadsDir, relativePath);
  const info = await stat(absolute).catch(() => null);
  if (!info) return [];
  if (info.isFile()) return [relativePath];
  const entries = await readdir(absolute, { withFileTypes: true });
  const nested = await Promise.all(entries.map((entry) => filesUnder(uploadsDir, path.posix.join(relativePath, entry.name))));
  return nested.flat();
}

const xmlValues = (xml: string, tag: string) => [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((match) => match[1]!);

export function s3Store(uploadsDir: string, options: S3Options): ObjectStore {
  const endpoint = new URL(options.endpoint);
  const region = options.region ?? 'us-east-1';
  const credentials = { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey };

  /** One signed request (SigV4) to the bucket. */
  async function send(method: string, key: string, init: { query?: Record<string, string>; body?: Buffer; headers?: Record<string, string> } = {}): Promise<Response> {
    const query = init.query ? `?${new URLSearchParams(init.query)}` : '';
    const encodedKey = key ? `/${key.split('/').map(encodeURIComponent).join('/')}` : '';
    const pathname = `${endpoint.pathname.replace(/\/$/, '')}/${encodeURIComponent(options.bucket)}${encodedKey}${query}`;
    const signed = aws4.sign(
      { host: endpoint.host, method, path: pathname, service: 's3', region, headers: { ...init.headers, ...(init.body ? { 'content-length': String(init.body.length) } : {}) }, ...(init.body ? { body: init.body } : {}) },
      credentials,
    );
    return fetch(`${endpoint.protocol}//${endpoint.host}${pathname}`, {
      method,
      headers: signed.headers as Record<string, string>,
      ...(init.body ? { body: new Uint8Array(init.body) } : {}),
    });
  }

  async function keysUnder(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const response = await send('GET', '', { query: { 'list-type': '2', prefix, ...(token ? { 'continuation-token': token } : {}) } });
      if (!response.ok) throw new Error(`S3 list ${prefix}: ${response.status}`);
      const xml = await response.text();
      keys.push(...xmlValues(xml, 'Key'));
      token = xml.includes('<IsTruncated>true</IsTruncated>') ? xmlValues(xml, 'NextContinuationToken')[0] : undefined;
    } while (token);
    return keys;
  }

  return {
    kind: 's3',
    async publish(relativePath) {
      const files = await filesUnder(uploadsDir, checkedKey(relativePath));
      for (const file of files) {
        // Processed media are small pieces (sizes, segments, playlists): read whole, sent with a length.
        const body = await readFile(path.join(uploadsDir, file));
        const response = await send('PUT', file, { body });
        if (!response.ok) throw new Error(`S3 put ${file}: ${response.status} ${await response.text()}`);
      }
      await rm(path.join(uploadsDir, relativePath), { recursive: true, force: true });
    },
    async read(relativePath) {
      const response = await send('GET', checkedKey(relativePath));
      if (response.status === 404 || response.status === 403) return null;
      if (!response.ok || !response.body) throw new Error(`S3 get ${relativePath}: ${response.status}`);
      return { body: Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), size: Number(response.headers.get('content-length') ?? 0) };
    },
    async remove(relativePath) {
      const key = checkedKey(relativePath);
      await rm(path.join(uploadsDir, key), { recursive: true, force: true });
      const keys = new Set([key, ...(await keysUnder(`${key}/`))]);
      for (const each of keys) {
        const response = await send('DELETE', each);
        if (!response.ok && response.status !== 404) throw new Error(`S3 delete ${each}: ${response.status}`);
      }
    },
  };
}
