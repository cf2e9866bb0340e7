import { NOTIFICATION_TYPES, type NotificationDto, type NotificationType } from '@fandeck/contract';
import { formatMoney } from '@fandeck/widgets/format/money';
import { useTranslation } from '@fandeck/widgets/i18n';
import { profilePath } from '../../routing/redirects.js';
import { session, useSignalValue, type CurrentUser } from '../../session/session.js';

/** What a notification says and where it leads (null: nowhere, it is only marked read). */
export interface NotificationView {
  text: string;
  link: string | null;
}

const isKnownType = (type: string): type is NotificationType => (NOTIFICATION_TYPES as readonly string[]).includes(type);

function textOf(data: Record<string, unknown>, keys: readonly string[]): string | null {
  for (const key of keys) {
    const value = data[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return null;
}

function amountOf(data: Record<string, unknown>): number | null {
  const raw = data.amount ?? data.price;
  const value = typeof raw === 'string' ? Number(raw) : raw;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/**
 * Where a notification leads (`data` carries the ids: `conversationId`, `performerId`…):
 * a message to its conversation, what a creator's fans did to the creator's dashboard, a
 * failed renewal to the fan's subscriptions, a creator who went live to their stream.
 */
export function notificationLink(notification: NotificationDto, user: CurrentUser | null): string | null {
  const data = notification.data ?? {};
  const creator = Boolean(user?.isPerformer);
  switch (notification.type) {
    case 'message.received': {
      const conversation = textOf(data, ['conversationId']);
      return conversation ? `/messages?${new URLSearchParams({ conversation }).toString()}` : '/messages';
    }
    case 'follow.created':
    case 'subscription.created':
    case 'tip.received':
      if (creator) return '/creator/dashboard';
      break;
    case 'comment.created':
      if (creator) return '/creator/posts';
      break;
    case 'subscription.renewal_failed':
      return '/user/subscriptions';
    case 'stream.live': {
      // Straight to the stream: its creator's watch page.
      const creator = textOf(data, ['performerUsername', 'performerId']);
      return creator ? `/live/${encodeURIComponent(creator)}` : '/live';
    }
    case 'private_stream.updated': {
      // A call that started: straight into its room.
      const requestId = textOf(data, ['requestId']);
      return data.action === 'started' && requestId ? `/calls/${encodeURIComponent(requestId)}` : '/private-calls';
    }
    default:
      return null;
  }
  const other = textOf(data, ['performerUsername', 'performerId']);
  return other ? profilePath({ _id: other, username: null }) : null;
}

const PRIVATE_CALL_ACTIONS = ['requested', 'approved', 'rejected', 'edited', 'paid', 'started', 'deleted', 'deletedRefunded'] as const;
type PrivateCallAction = (typeof PRIVATE_CALL_ACTIONS)[number];

/** The text of a notification from its `type` code and `data`, in the reader's language; a generic one for a type this site does not know. */
export function useNotificationView(): (notification: NotificationDto) => NotificationView {
  const { t, i18n } = useTranslation();
  const user = useSignalValue(session.user.current);
  return (notification) => {
    const data = notification.data ?? {};
    const link = notificationLink(notification, user);
    if (!isKnownType(notification.type)) return { text: t('notifications.types.generic'), link };
    const nameKeys = notification.type === 'subscription.renewal_failed' ? ['performerName', 'performerUsername', 'actorName'] : ['actorName', 'userName', 'name', 'actorUsername'];
    const name = textOf(data, nameKeys) ?? t('notifications.someone');
    if (notification.type === 'tip.received') {
      const amount = amountOf(data);
      return {
        text: amount === null ? t('notifications.types.tip.receivedNoAmount', { name }) : t('notifications.types.tip.received', { name, amount: formatMoney(amount, i18n.language) }),
        link,
      };
    }
    if (notification.type === 'private_stream.updated') {
      const action = textOf(data, ['action']);
      const key = action === 'deleted' && data.refunded === true ? 'deletedRefunded' : action;
      if (key && (PRIVATE_CALL_ACTIONS as readonly string[]).includes(key)) return { text: t(`notifications.privateCall.${key as PrivateCallAction}`, { name }), link };
    }
    return { text: t(`notifications.types.${notification.type}`, { name }), link };
  };
}
