/**
 * The VAPID key pair push is signed with. `VAPID_PUBLIC_KEY` and `VAPID_PRIVATE_KEY` win when
 * set; otherwise a pair is generated once and kept in the `settings` table under a key the
 * settings catalogue does not know (so no settings route ever shows it). In the database,
 * every server process of a deployment signs with the same pair and a restart keeps it:
 * a browser's subscription is bound to the public key it subscribed with.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../config/env.js';
import type { Db } from '../../db/client.js';
import { settings } from '../settings/settings.tables.js';
import { generateVapidKeys, type VapidDetails } from './push-sender.js';

export const VAPID_SETTING_KEY = 'notifications.vapidKeys';

const storedKeys = z.object({
  publicKey: z.string().regex(/^[A-Za-z0-9_-]{87}$/),
  privateKey: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

async function readStored(db: Db) {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, VAPID_SETTING_KEY));
  if (!row) return null;
  const parsed = storedKeys.safeParse(row.value);
  if (!parsed.success) throw new Error(`The stored VAPID keys (settings "${VAPID_SETTING_KEY}") are malformed; delete that row to make new ones`);
  return parsed.data;
}

/** The configured pair, or the stored one, made and stored on first use (of racing processes, the first insert wins). */
export async function loadVapidDetails(db: Db, config: Config): Promise<VapidDetails> {
  const { subject } = config.webPush;
  if (config.webPush.keys) return { ...config.webPush.keys, subject };
  const stored = await readStored(db);
  if (stored) return { ...stored, subject };
  await db.insert(settings).values({ key: VAPID_SETTING_KEY, value: generateVapidKeys(), visibility: 'private', group: 'push' }).onConflictDoNothing();
  const kept = await readStored(db);
  if (!kept) throw new Error('The VAPID keys could not be stored');
  return { ...kept, subject };
}

/** Loads once per process; a failed load (the database was down) is tried again on the next call. */
export function vapidOnce(load: () => Promise<VapidDetails>): () => Promise<VapidDetails> {
  let pending: Promise<VapidDetails> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}
