/**
 * Outreach: a creator's mass messages, message templates, automatic messages and categorized
 * lists (README.md). Every copy is sent through the messaging domain's `sendDirect`; automatic
 * messages listen to the notifications domain.
 */
import { defineDomain } from '../plugin.js';
import { defineAutoSendJob, onNotification } from './auto-send.job.js';
import { massMessageRoutes } from './mass-messages.routes.js';
import { defineMassSendJob, type SendDirect } from './mass-send.job.js';
import { autoMessageRoutes, listRoutes, templateRoutes } from './outreach-library.routes.js';

export default defineDomain({
  name: 'outreach',
  // Copies go out as direct messages; automatic ones follow notifications; prices are capped by a setting.
  dependsOn: ['messaging', 'notifications', 'settings'],
  async register(api, ctx, deps) {
    const messaging = deps.get('messaging');
    const send: SendDirect = (input) => messaging.sendDirect(input);
    defineMassSendJob(ctx, send);
    defineAutoSendJob(ctx, send);
    deps.get('notifications').onNotify((notification) => onNotification(ctx, notification));
    massMessageRoutes(api, ctx);
    templateRoutes(api, ctx);
    autoMessageRoutes(api, ctx);
    listRoutes(api, ctx);
  },
});
