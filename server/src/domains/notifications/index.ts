/** The notifications domain's door: the types of its extension point and its delivery job. */
// The extension point (`deps.get('notifications')`) and what it takes and gives
export type { NotificationRecord, NotificationsExtension, NotifyInput } from './notifications.extension.js';
export type { NotificationRow } from './notifications.presenter.js';
// The durable job that delivers a notification stored in another domain's transaction
export { DELIVERY_QUEUE } from './notifications.extension.js';
