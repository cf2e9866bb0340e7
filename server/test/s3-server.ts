/// <reference path="./s3rver.d.ts" />
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  close(): Promise<void>;
}

/**
 * A real S3-protocol server (s3rver) on a free port, with one bucket; it checks every
 * request's SigV4 signature against its own credentials, so a wrongly signed request fails.
 */
export async function startTestS3(): Promise<TestS3> {
  const bucket = 'fandeck-media';
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: mkdtempSync(path.join(os.tmpdir(), 'fandeck-s3-')), configureBuckets: [{ name: bucket, configs: [] }] });
  const address: AddressInfo = await server.run();
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    close: () => server.close(),
  };
}
