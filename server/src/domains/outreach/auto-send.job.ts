/**
 * Automatic messages. A notification to a creator of a fan's subscribe (`subscription.created`),
 * tip (`tip.received`) or follow (`follow.created`), `data.actorId` being the fan, enqueues one
 * durable job (`outreach.auto_send`, singleton key `auto:<autoMessageId>:<notificationId>`)
 * when the creator has an enabled automatic message for that trigger. The job sends what the
 * automatic message says when it runs, through `sendDirect` with the clientId
 * `auto-<autoMessageId>-<notificationId>`: a listener that fires twice, or a job that runs
 * twice, still sends one message.
 */
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { autoMessages, type AutoMessageTrigger } from './outreach.tables.js';
import { HttpError } from '../../http/errors.js';
import type { NotificationRecord } from '../notifications/index.js';
import type { SendDirect } from './mass-send.job.js';

export const AUTO_QUEUE = 'outreach.auto_send';
export const autoKey = (autoMessageId: string, notificationId: string) => `auto:${autoMessageId}:${notificationId}`;
export const autoClientId = (autoMessageId: string, notificationId: string) => `auto-${autoMessageId}-${notificationId}`;

/** The notification types that trigger an automatic message, and which. */
export const TRIGGER_OF: Readonly<Record<string, AutoMessageTrigger>> = {
  'subscription.created': 'subscribe',
  'tip.received': 'tip',
  'follow.created': 'follow',
};

interface AutoJobPayload extends Record<string, unknown> {
  autoMessageId: string;
  notificationId: string;
  recipientId: string;
}

/** The `onNotify` listener: enqueues the automatic message this notification calls for, if any. */
export async function onNotification(ctx: AppContext, notification: NotificationRecord): Promise<void> {
  const trigger = Object.hasOwn(TRIGGER_OF, notification.type) ? TRIGGER_OF[notification.type] : undefined;
  const fanId = notification.data.actorId;
  if (!trigger || typeof fanId !== 'string' || !fanId || fanId === notification.userId) return;
  const [auto] = await ctx.db
    .select({ id: autoMessages.id })
    .from(autoMessages)
    .where(and(eq(autoMessages.performerId, notification.userId), eq(autoMessages.trigger, trigger), eq(autoMessages.enabled, true)));
  if (!auto) return;
  const payload: AutoJobPayload = { autoMessageId: auto.id, notificationId: notification.id, recipientId: fanId };
  await ctx.jobs.enqueue(ctx.db, AUTO_QUEUE, payload, { singletonKey: autoKey(auto.id, notification.id) });
  ctx.jobs.wake();
}

/** One run: the message as it reads now; nothing when it was deleted or turned off meanwhile. */
export async function sendAutoMessage(ctx: AppContext, send: SendDirect, payload: AutoJobPayload): Promise<void> {
  const [auto] = await ctx.db.select().from(autoMessages).where(eq(autoMessages.id, payload.autoMessageId));
  if (!auto || !auto.enabled) return;
  try {
    await send({
      senderId: auto.performerId,
      recipientId: payload.recipientId,
      clientId: autoClientId(auto.id, payload.notificationId),
      text: auto.text,
      priceCents: auto.priceCents,
      fileIds: auto.fileIds,
      autoMessageId: auto.id,
    });
  } catch (error) {
    // Refused for this fan (gone, blocked): a retry would be refused too.
    if (error instanceof HttpError && error.statusCode < 500) return;
    throw error;
  }
}

export function defineAutoSendJob(ctx: AppContext, send: SendDirect): void {
  ctx.jobs.define<AutoJobPayload>(AUTO_QUEUE, (payload) => sendAutoMessage(ctx, send, payload), { concurrency: 2 });
}
