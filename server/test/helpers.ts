import { mkdtempSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App, type BuildOptions } from '../src/app.js';
import { createContext, ensureBaseData } from '../src/bootstrap.js';
import { loadConfig } from '../src/config/env.js';
import type { AppContext } from '../src/context.js';
import { performers, users, type Role } from '../src/db/schema/index.js';
import { hash } from '@node-rs/argon2';
import { accountKeys } from '../src/money/ledger/accounts.js';
import { postMovement } from '../src/money/ledger/ledger.js';
import { workerDatabase } from './databases.js';
import { multipart, type Part } from '../src/http/bad-input.wire.js';

export interface TestApp {
  app: App;
  ctx: AppContext;
  close(): Promise<void>;
}

/** The real app on the worker's database, for `app.inject`. */
export async function createTestApp(
  overrides: Partial<AppContext> = {},
  env: Record<string, string> = {},
  build: BuildOptions = {},
): Promise<TestApp> {
  const database = await workerDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fandeck-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED: 'none', PUBLIC_ORIGIN: 'http://fandeck.test', ...env });
  const ctx = createContext(config, database.db, overrides);
  await ensureBaseData(ctx);
  const app = await buildApp(ctx, build);
  await app.ready();
  return { app, ctx, close: () => app.close() };
}

let hashed: Promise<string> | undefined;
export const TEST_PASSWORD = 'correct horse battery';
/**
 * Test accounts' password hash: argon2id as in production, at the lightest cost. A check
 * reads its cost from the stored hash, so signing a test account in takes about 1 ms of CPU
 * instead of 140 (19 MiB, two passes), across some 1,500 sign-ins a run. Accounts made by
 * registration and the demo seed still get production's cost (accounts/passwords.ts).
 */
const lightHash = (password: string) => hash(password, { algorithm: 2, memoryCost: 256, timeCost: 1, parallelism: 1 });

let counter = 0;
/**
 * Inserts an account directly (no mail, no throttle) and returns it. A creator gets a
 * profile whose documents are approved unless `verifiedDocument: false` (one under review).
 */
export async function createUser(
  ctx: AppContext,
  values: { role?: Role; email?: string; username?: string; balanceCents?: number; status?: 'active' | 'inactive' | 'pending-email-confirmation'; verifiedDocument?: boolean } = {},
) {
  hashed ??= lightHash(TEST_PASSWORD);
  counter += 1;
  const tag = `${process.env.VITEST_POOL_ID ?? 0}x${counter}x${Date.now().toString(36)}`;
  const [user] = await ctx.db
    .insert(users)
    .values({
      role: values.role ?? 'user',
      email: values.email ?? `u${tag}@example.test`,
      username: values.username ?? `u${tag}`,
      name: `User ${tag}`,
      passwordHash: await hashed,
      status: values.status ?? 'active',
    })
    .returning();
  if (user!.role === 'performer') await ctx.db.insert(performers).values({ userId: user!.id, verifiedDocument: values.verifiedDocument ?? true });
  if (values.balanceCents) {
    await ctx.db.transaction((tx) =>
      postMovement(tx, {
        kind: 'topup',
        referenceType: 'test',
        referenceId: user!.id,
        postings: [
          { account: accountKeys.gateway('test'), amountCents: -values.balanceCents! },
          { account: accountKeys.wallet(user!.id), amountCents: values.balanceCents! },
        ],
      }),
    );
  }
  return user!;
}

/** Signs in through the API and returns the token. */
export async function signIn(app: App, identifier: string, password = TEST_PASSWORD, ip = '10.9.8.7'): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: identifier, password }, remoteAddress: ip });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return res.json().data.token as string;
}

/** Mails written to the outbox, newest last, as raw text. */
export async function readOutbox(ctx: AppContext): Promise<string[]> {
  const names = (await readdir(ctx.config.outboxDir).catch(() => [])).sort();
  const raw = await Promise.all(names.map((n) => readFile(path.join(ctx.config.outboxDir, n), 'utf8')));
  return raw.map(decodeQuotedPrintable);
}

/** Mails are quoted-printable; undo soft breaks and escapes so tests can read links. */
function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** A multipart/form-data body for `app.inject`: fields and files as the browser sends them. */
export function multipartForm(parts: readonly Part[]) {
  const boundary = `----fandeck${Math.random().toString(16).slice(2)}`;
  return { payload: multipart(parts, boundary), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
