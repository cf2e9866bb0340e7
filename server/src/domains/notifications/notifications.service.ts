/**
 * `notify`: stores a notification, sends it live, pushes it to the user's browsers and runs
 * the `onNotify` listeners. Callers run it after their own transaction committed and need
 * not wait for it: it never throws, and what is still running when the app closes is
 * waited for (`settled`).
 */
import type { NotificationDto, NotificationType } from '@fandeck/contract';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { users } from '../accounts/accounts.tables.js';
import { notifications } from './notifications.tables.js';
import { channelsFor, type Channels } from './notification-preferences.js';
import type { NotificationRecord, NotificationsExtension, NotifyInput } from './notifications.extension.js';
import { presentNotification, type NotificationRow } from './notifications.presenter.js';

export interface Notifier extends NotificationsExtension {
  /** The job of `DELIVERY_QUEUE`: web push and the `onNotify` listeners of a notification stored in another transaction. */
  deliverStored(notificationId: string): Promise<void>;
  /** Resolves once every notification under way has been delivered (or given up). */
  settled(): Promise<void>;
}

export interface NotifierDeps {
  log: FastifyBaseLogger;
  /** Web push to the user's browsers; never throws. */
  push(userId: string, payload: string): Promise<void>;
}

type Listener = (notification: NotificationRecord) => void | Promise<void>;

/** Push services take about 4 KB of payload; the pushed copy stays well under it. */
export const PUSH_PAYLOAD_MAX = 3000;

/**
 * The JSON pushed to browsers: the whole DTO when it fits, else without its long texts (a
 * tip's message), else without `data` (the page fetches the notification itself).
 */
export function pushCopy(dto: NotificationDto): string {
  const fits = (text: string) => Buffer.byteLength(text) <= PUSH_PAYLOAD_MAX;
  const whole = JSON.stringify(dto);
  if (fits(whole)) return whole;
  const short = Object.fromEntries(Object.entries(dto.data).filter(([, value]) => typeof value !== 'string' || value.length <= 140));
  const trimmed = JSON.stringify({ ...dto, data: short });
  return fits(trimmed) ? trimmed : JSON.stringify({ ...dto, data: {} });
}

/**
 * `actorName` is filled in from `actorId` when the caller did not give it: the actor's name,
 * else their username, as it was when it happened.
 */
async function withActorName(ctx: AppContext, data: Record<string, unknown>): Promise<Record<string, unknown>> {
  if (typeof data.actorId !== 'string' || data.actorName !== undefined) return data;
  const [actor] = await ctx.db.select({ name: users.name, username: users.username }).from(users).where(eq(users.id, data.actorId));
  return { ...data, actorName: actor?.name || actor?.username || '' };
}

export function createNotifier(ctx: AppContext, deps: NotifierDeps): Notifier {
  const listeners: Listener[] = [];
  const underWay = new Set<Promise<unknown>>();

  // A type the user keeps off the site is still stored (hidden): its push and listeners work from the row.
  async function store(input: NotifyInput, channels: Channels) {
    const data = await withActorName(ctx, input.data);
    const now = ctx.now();
    const values = { userId: input.userId, type: input.type, data, hidden: !channels.site, createdAt: now, updatedAt: now };
    const [row] = await ctx.db.insert(notifications).values(values).returning();
    return row!;
  }

  async function deliver(input: NotifyInput): Promise<NotificationRecord | null> {
    let row;
    let channels: Channels;
    try {
      channels = await channelsFor(ctx.db, input.userId, input.type);
      row = await store(input, channels);
    } catch (err) {
      deps.log.error({ err, type: input.type }, 'notification not stored');
      return null;
    }
    const record: NotificationRecord = { id: row.id, userId: row.userId, type: input.type, data: row.data };
    if (channels.site) emitLive(row);
    await pushAndTell(row, record, channels);
    return record;
  }

  function emitLive(row: NotificationRow): void {
    try {
      ctx.realtime.emitToUser(row.userId, 'send_notification', presentNotification(row));
    } catch (err) {
      deps.log.warn({ err }, 'notification not sent live');
    }
  }

  /** A row stored in another domain's commit (the one-call tip), which stored it hidden when the user keeps its type off the site. */
  function sendLive(row: NotificationRow): void {
    if (!row.hidden) emitLive(row);
  }

  async function pushAndTell(row: NotificationRow, record: NotificationRecord, channels: Channels): Promise<void> {
    await Promise.all([
      channels.push ? deps.push(row.userId, pushCopy(presentNotification(row))).catch((err: unknown) => deps.log.warn({ err }, 'notification not pushed')) : undefined,
      ...listeners.map(async (listener) => {
        try {
          await listener(record);
        } catch (err) {
          deps.log.error({ err, type: record.type }, 'notification listener failed');
        }
      }),
    ]);
  }

  return {
    notify(input) {
      const delivery = deliver(input);
      underWay.add(delivery);
      void delivery.finally(() => underWay.delete(delivery));
      return delivery;
    },
    onNotify(listener) {
      listeners.push(listener);
    },
    sendLive,
    async deliverStored(notificationId) {
      const [row] = await ctx.db.select().from(notifications).where(eq(notifications.id, notificationId));
      if (!row) return;
      const channels = await channelsFor(ctx.db, row.userId, row.type);
      await pushAndTell(row, { id: row.id, userId: row.userId, type: row.type as NotificationType, data: row.data }, channels);
    },
    async settled() {
      while (underWay.size > 0) await Promise.allSettled([...underWay]);
    },
  };
}
