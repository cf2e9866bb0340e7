/**
 * The notifications domain's extension point, declared before its implementation so the
 * domains that notify (follows, subscriptions, tips, comments, messages) and the ones that
 * react to activity (automatic messages) build against one interface.
 */
import type { NotificationType } from '@fandeck/contract';
import type { NotificationRow } from './notifications.presenter.js';

export interface NotifyInput {
  /** Who is notified. */
  userId: string;
  type: NotificationType;
  /**
   * The values the text needs and the ids it links to. By convention `actorId` is the user
   * who did it (the fan who followed, subscribed, tipped, commented or wrote), `actorName`
   * their display name, plus the type's own ids (`performerId`, `conversationId`, `amount`…).
   */
  data: Record<string, unknown>;
}

export interface NotificationRecord extends NotifyInput {
  /** The stored notification's id. */
  id: string;
}

export interface NotificationsExtension {
  /**
   * Stores the notification, sends it live (`send_notification`) and by web push when the
   * user has a push subscription, then runs the `onNotify` listeners. Call it after the
   * event's own transaction committed. Never throws: a failure is logged, the caller's
   * action stands.
   */
  notify(input: NotifyInput): Promise<NotificationRecord | null>;
  /** Runs after every stored notification (automatic messages hook in here). */
  onNotify(listener: (notification: NotificationRecord) => void | Promise<void>): void;
  /**
   * For a notification another domain stored in its own transaction (the one-call money
   * path): sends it live now. Web push and the `onNotify` listeners are the job of
   * `DELIVERY_QUEUE` (`{ notificationId }`), enqueued in that same transaction, so they
   * survive a process that dies after the commit.
   */
  sendLive(row: NotificationRow): void;
}

/** The durable job that pushes a stored notification and runs the `onNotify` listeners for it. */
export const DELIVERY_QUEUE = 'notifications.deliver';

declare module '../plugin.js' {
  interface DomainExtensions {
    notifications: NotificationsExtension;
  }
}
