import { mkdir, writeFile, access } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config/env.js';
import type { AppContext } from './context.js';
import type { Db } from './db/client.js';
import { count, inArray } from 'drizzle-orm';
import { permissions } from './domains/auth/auth.tables.js';
import { settings } from './domains/settings/settings.tables.js';
import { PERMISSIONS } from './domains/auth/index.js';
import { ensureDefaultSettings, SETTING_KEYS } from './domains/settings/index.js';
import { createJobQueue } from './jobs/queue.js';
import { localStore, s3Store } from './storage/object-store.js';
import { createMailer } from './mail/mailer.js';
import { createRealtime } from './realtime/realtime.js';
import { PLACEHOLDER_AVATAR } from './seed/avatars.js';

export function createContext(config: Config, db: Db, overrides: Partial<AppContext> = {}): AppContext {
  const now = overrides.now ?? (() => new Date());
  return {
    config,
    db,
    mailer: createMailer({ smtpUrl: config.smtpUrl, outboxDir: config.outboxDir, from: config.mailFrom }),
    realtime: createRealtime({ redisUrl: config.redisUrl }),
    jobs: createJobQueue(db, { leaseMs: config.jobs.leaseMs, now, onError: (job, error) => console.error(`job ${job.queue} ${job.id} failed: ${error instanceof Error ? error.message : String(error)}`) }),
    store: config.s3 ? s3Store(config.uploadsDir, config.s3) : localStore(config.uploadsDir),
    now,
    ...overrides,
  };
}

/** Reference rows every installation needs: setting defaults, the permission catalogue, placeholders. */
export async function ensureBaseData(ctx: AppContext): Promise<void> {
  // Read first: a restart finds everything in place and writes nothing (PGlite's first write
  // after opening costs about a second, most of a restart).
  const [settingRows, permissionRows] = await Promise.all([
    ctx.db.select({ n: count() }).from(settings).where(inArray(settings.key, [...SETTING_KEYS])),
    ctx.db.select({ n: count() }).from(permissions).where(inArray(permissions.key, PERMISSIONS.map((permission) => permission.key))),
  ]);
  if ((settingRows[0]?.n ?? 0) < SETTING_KEYS.length) await ensureDefaultSettings(ctx.db);
  if ((permissionRows[0]?.n ?? 0) < PERMISSIONS.length) await ctx.db.insert(permissions).values([...PERMISSIONS]).onConflictDoNothing();
  const placeholder = path.join(ctx.config.uploadsDir, 'defaults/avatar.svg');
  try {
    await access(placeholder);
  } catch {
    await mkdir(path.dirname(placeholder), { recursive: true });
    await writeFile(placeholder, PLACEHOLDER_AVATAR);
  }
}
