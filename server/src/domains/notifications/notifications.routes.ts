import { paths } from '@fandeck/contract';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { envelopeSchema, list, listSchema, ok, okFor } from '../../http/envelope.js';
import { HttpError } from '../../http/errors.js';
import { currentUser } from '../../http/guard.js';
import { sortableListQuery } from '../../http/pagination.js';
import { defineDomain } from '../plugin.js';
import type { ApiScope } from '../types.js';
import { DELIVERY_QUEUE, type NotificationsExtension } from './notifications.extension.js';
import { notificationSchema, unreadTotalSchema } from './notifications.presenter.js';
import { listNotifications, markAllRead, markRead, notificationSortColumns, unreadTotal } from './notifications.queries.js';
import { createNotifier } from './notifications.service.js';
import { listPreferences, preferencesBody, preferencesSchema, savePreferences } from './notification-preferences.js';
import { createWebPushSender, type PushSender, type VapidDetails } from './push-sender.js';
import { pushEndpointBody, pushSubscriptionBody, pushToUser, removePushSubscription, savePushSubscription } from './push-subscriptions.js';
import { loadVapidDetails, vapidOnce } from './vapid-keys.js';

const params = z.object({ id: z.string().min(1).max(64) });
const totalAnswer = { 200: envelopeSchema(unreadTotalSchema) };
const done = { 200: envelopeSchema(z.object({ success: z.literal(true) })) };

async function notificationRoutes(api: ApiScope, ctx: AppContext, vapid: () => Promise<VapidDetails>) {
  api.get(
    paths['notifications.list'],
    {
      schema: {
        tags: ['notifications'],
        summary: 'The signed-in user’s notifications, 12 a page, newest first (`sortBy` updatedAt or createdAt)',
        querystring: sortableListQuery(notificationSortColumns),
        response: { 200: listSchema(notificationSchema) },
      },
    },
    async (request) => {
      const page = await listNotifications(ctx.db, currentUser(request).id, request.query);
      return list(page.items, page.total);
    },
  );
  api.get(
    paths['notifications.totalUnread'],
    { schema: { tags: ['notifications'], summary: 'How many notifications are unread (never below 0)', response: totalAnswer } },
    async (request) => okFor('notifications.totalUnread', { total: await unreadTotal(ctx.db, currentUser(request).id) }),
  );
  api.put(
    paths['notifications.readAll'],
    { schema: { tags: ['notifications'], summary: 'Mark every notification read; answers the unread total after it', response: totalAnswer } },
    async (request) => {
      const userId = currentUser(request).id;
      await markAllRead(ctx.db, userId, ctx.now());
      return okFor('notifications.readAll', { total: await unreadTotal(ctx.db, userId) });
    },
  );
  api.put(
    paths['notifications.read'],
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark one’s own notification read (again: no change); answers the unread total. Another user’s or none: 404 `notifications.not_found`',
        params,
        response: totalAnswer,
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await markRead(ctx.db, userId, request.params.id, ctx.now());
      return okFor('notifications.read', { total: await unreadTotal(ctx.db, userId) });
    },
  );

  await preferenceRoutes(api, ctx);
  api.get(
    paths['notifications.pushKey'],
    {
      schema: { tags: ['notifications'], summary: 'The VAPID public key a browser subscribes to web push with (`applicationServerKey`)', response: { 200: envelopeSchema(z.object({ publicKey: z.string() })) } },
    },
    async (request) => {
      try {
        return okFor('notifications.pushKey', { publicKey: (await vapid()).publicKey });
      } catch (err) {
        request.log.error({ err }, 'VAPID keys unavailable');
        throw new HttpError(503, 'notifications.push_not_configured', 'Web push is not available right now');
      }
    },
  );
  api.post(
    paths['notifications.pushSubscribe'],
    {
      schema: {
        tags: ['notifications'],
        summary: 'Store this browser’s push subscription (`PushSubscription.toJSON()`); 422 `notifications.push_subscription_invalid` for a bad endpoint or keys',
        body: pushSubscriptionBody,
        response: done,
      },
    },
    async (request) => {
      await savePushSubscription(ctx.db, currentUser(request).id, request.body, ctx.config.env === 'test', ctx.now());
      return okFor('notifications.pushSubscribe', { success: true as const });
    },
  );
  api.delete(
    paths['notifications.pushUnsubscribe'],
    { schema: { tags: ['notifications'], summary: 'Forget this browser’s push subscription, by `endpoint`', body: pushEndpointBody, response: done } },
    async (request) => {
      await removePushSubscription(ctx.db, currentUser(request).id, request.body.endpoint);
      return okFor('notifications.pushUnsubscribe', { success: true as const });
    },
  );
}

/** Per type, on the site and by web push: what the account page's notification preferences read and change. */
async function preferenceRoutes(api: ApiScope, ctx: AppContext) {
  const answer = { 200: envelopeSchema(preferencesSchema) };
  api.get(
    paths['notifications.preferences'],
    { schema: { tags: ['notifications'], summary: 'Per notification type the account receives: shown on the site, pushed', response: answer } },
    async (request) => {
      const user = currentUser(request);
      return okFor('notifications.preferences', { preferences: await listPreferences(ctx.db, user.id, user.role) });
    },
  );
  api.put(
    paths['notifications.updatePreferences'],
    {
      schema: {
        tags: ['notifications'],
        summary: 'Turn a type’s site notifications or web push on or off (the types sent; others keep theirs); answers every type',
        body: preferencesBody,
        response: answer,
      },
    },
    async (request) => {
      const user = currentUser(request);
      await savePreferences(ctx.db, user.id, request.body.preferences, ctx.now());
      return okFor('notifications.updatePreferences', { preferences: await listPreferences(ctx.db, user.id, user.role) });
    },
  );
}

/**
 * In-app notifications and their live and web-push delivery. Other domains create them
 * through this extension (`notify`) after their own work committed.
 */
export default defineDomain({
  name: 'notifications',
  dependsOn: ['settings'],
  async register(api, ctx): Promise<NotificationsExtension> {
    const vapid = vapidOnce(() => loadVapidDetails(ctx.db, ctx.config));
    const sender: PushSender = createWebPushSender(vapid);
    const notifier = createNotifier(ctx, { log: api.log, push: (userId, payload) => pushToUser(ctx.db, sender, api.log, userId, payload) });
    // Deliveries still under way finish before the app is gone.
    api.addHook('onClose', async () => notifier.settled());
    await notificationRoutes(api, ctx, vapid);
    ctx.jobs.define<{ notificationId: string }>(DELIVERY_QUEUE, (payload) => notifier.deliverStored(payload.notificationId), { concurrency: 2 });
    return { notify: notifier.notify, onNotify: notifier.onNotify, sendLive: notifier.sendLive };
  },
});
