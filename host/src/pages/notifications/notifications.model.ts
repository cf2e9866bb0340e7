import { batch, signal, type ReadonlySignal } from '@preact/signals-core';
import { NOTIFICATION_PAGE_SIZE, type NotificationDto, type UnreadTotal } from '@fandeck/contract';
import { session, type ActionError, type Outcome } from '../../session/session.js';

export type NotificationListStatus = 'idle' | 'loading' | 'ready' | 'failed';

/**
 * The signed-in user's notifications as the bell and the /notifications page share them
 * (spec section 4, Notifications): the unread count, never below 0, and the list, whose
 * first page replaces what was there and whose later pages append. A live
 * `send_notification` puts the new one on top and counts it. State belongs to one user:
 * `forUser` empties it when another signs in.
 */
export function createNotificationsModel() {
  const unread = signal(0);
  const items = signal<NotificationDto[]>([]);
  const total = signal(0);
  const page = signal(0);
  const status = signal<NotificationListStatus>('idle');
  const error = signal<ActionError | null>(null);
  const loadingMore = signal(false);
  let owner: string | null = null;
  // Answers to a request older than the latest are dropped (the list was reloaded meanwhile).
  let listTicket = 0;
  let unreadTicket = 0;

  async function fetchPage(offset: number): Promise<Outcome<{ data: NotificationDto[]; total: number }>> {
    // Sorted by creation, so reading one (which touches `updatedAt`) never reorders the pages.
    return session.api.notifications.list.list({ offset, limit: NOTIFICATION_PAGE_SIZE, sortBy: 'createdAt', sort: 'desc' });
  }

  async function refreshUnread(): Promise<void> {
    const ticket = ++unreadTicket;
    const outcome = await session.api.notifications.totalUnread();
    if (ticket === unreadTicket && outcome.ok) unread.value = Math.max(0, outcome.value.total);
  }

  function patch(update: (item: NotificationDto) => NotificationDto) {
    items.value = items.value.map(update);
  }

  return {
    unread: unread as ReadonlySignal<number>,
    items: items as ReadonlySignal<NotificationDto[]>,
    total: total as ReadonlySignal<number>,
    page: page as ReadonlySignal<number>,
    status: status as ReadonlySignal<NotificationListStatus>,
    error: error as ReadonlySignal<ActionError | null>,
    loadingMore: loadingMore as ReadonlySignal<boolean>,

    /** Keeps the state to `userId`'s: another user's is emptied first. */
    forUser(userId: string) {
      if (owner === userId) return;
      owner = userId;
      listTicket += 1;
      unreadTicket += 1;
      batch(() => {
        unread.value = 0;
        items.value = [];
        total.value = 0;
        page.value = 0;
        status.value = 'idle';
        error.value = null;
        loadingMore.value = false;
      });
    },

    refreshUnread,

    /** The first page, replacing the list. */
    async loadFirst(): Promise<void> {
      const ticket = ++listTicket;
      if (status.peek() !== 'ready') status.value = 'loading';
      const outcome = await fetchPage(0);
      if (ticket !== listTicket) return;
      batch(() => {
        loadingMore.value = false;
        if (outcome.ok) {
          items.value = outcome.value.data;
          total.value = outcome.value.total;
          page.value = 1;
          status.value = 'ready';
          error.value = null;
        } else {
          status.value = 'failed';
          error.value = outcome.error;
        }
      });
    },

    /** The next page, appended (what arrived live meanwhile is not repeated). */
    async loadMore(): Promise<Outcome<unknown> | null> {
      if (status.peek() !== 'ready' || loadingMore.peek()) return null;
      const ticket = listTicket;
      loadingMore.value = true;
      const outcome = await fetchPage(items.peek().length);
      if (ticket !== listTicket) return null;
      batch(() => {
        loadingMore.value = false;
        if (!outcome.ok) return;
        const known = new Set(items.value.map((item) => item._id));
        items.value = [...items.value, ...outcome.value.data.filter((item) => !known.has(item._id))];
        total.value = Math.max(outcome.value.total, items.value.length);
        page.value += 1;
      });
      return outcome;
    },

    /** A `send_notification`: on top of the list, and counted while unread. */
    arrived(notification: NotificationDto) {
      if (!notification || typeof notification._id !== 'string') return;
      if (items.peek().some((item) => item._id === notification._id)) return;
      batch(() => {
        if (status.value === 'ready') {
          items.value = [notification, ...items.value];
          total.value += 1;
        }
        if (!notification.read) unread.value += 1;
      });
    },

    /** `PUT /notification/:id/read`; it answers the unread count after it (else it goes down by this one). */
    async read(id: string): Promise<Outcome<UnreadTotal>> {
      const wasUnread = items.peek().some((item) => item._id === id && !item.read);
      const ticket = ++unreadTicket;
      const outcome = await session.api.notifications.read({ id }, {});
      if (!outcome.ok) return outcome;
      batch(() => {
        patch((item) => (item._id === id ? { ...item, read: true } : item));
        if (ticket === unreadTicket) unread.value = Math.max(0, outcome.value.total);
        else if (wasUnread) unread.value = Math.max(0, unread.value - 1);
      });
      return outcome;
    },

    /** `PUT /notification/read-all`. */
    async readAll(): Promise<Outcome<UnreadTotal>> {
      const ticket = ++unreadTicket;
      const outcome = await session.api.notifications.readAll({});
      if (!outcome.ok) return outcome;
      batch(() => {
        patch((item) => (item.read ? item : { ...item, read: true }));
        unread.value = ticket === unreadTicket ? Math.max(0, outcome.value.total) : 0;
      });
      return outcome;
    },
  };
}

export type NotificationsModel = ReturnType<typeof createNotificationsModel>;

/** The page's one model: the header's bell and the /notifications page read the same state. */
export const notifications: NotificationsModel = createNotificationsModel();
