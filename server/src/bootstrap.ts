import { mkdir, writeFile, access } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config/env.js';
import type { AppContext } from './context.js';
import type { Db } from './db/client.js';
import { permissions } from './db/schema/index.js';
import { PERMISSIONS } from './domains/auth/permissions.js';
import { ensureDefaultSettings } from './domains/settings/settings.service.js';
import { createMailer } from './mail/mailer.js';
import { createRealtime } from './realtime/realtime.js';
import { PLACEHOLDER_AVATAR } from './seed/avatars.js';

export function createContext(config: Config, db: Db, overrides: Partial<AppContext> = {}): AppContext {
  return {
    config,
    db,
    mailer: createMailer({ smtpUrl: config.smtpUrl, outboxDir: config.outboxDir, from: config.mailFrom }),
    realtime: createRealtime({ redisUrl: config.redisUrl }),
    now: () => new Date(),
    ...overrides,
  };
}

/** Reference rows every installation needs: setting defaults, the permission catalogue, placeholders. */
export async function ensureBaseData(ctx: AppContext): Promise<void> {
  await ensureDefaultSettings(ctx.db);
  await ctx.db.insert(permissions).values([...PERMISSIONS]).onConflictDoNothing();
  const placeholder = path.join(ctx.config.uploadsDir, 'defaults/avatar.svg');
  try {
    await access(placeholder);
  } catch {
    await mkdir(path.dirname(placeholder), { recursive: true });
    await writeFile(placeholder, PLACEHOLDER_AVATAR);
  }
}
