import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { SERVER_EVENTS, type NotificationDto } from '@fandeck/contract';
import { useNamespaces, useTranslation } from '@fandeck/widgets/i18n';
import { useSocketEvent } from '@fandeck/widgets/live';
import { session, useSignalValue } from '../../session/session.js';
import { notifications } from './notifications.model.js';
import { formatDateTime } from '../../format/date.js';
import { useNotificationView } from './notification-view.js';

/** How many of the latest notifications the dropdown shows. */
const LATEST = 6;

/**
 * The header's bell for a signed-in user: the unread count (never below 0, counted up
 * live by `send_notification`), and a dropdown with the latest notifications. Choosing
 * one marks it read and goes where it leads; "mark all read" clears the count.
 */
export function NotificationBell() {
  useNamespaces('notifications');
  const { t } = useTranslation();
  const id = useId();
  const user = useSignalValue(session.user.current);
  const unread = useSignalValue(notifications.unread);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const userId = user?._id ?? null;

  useEffect(() => {
    if (!userId) return;
    notifications.forUser(userId);
    void notifications.refreshUnread();
  }, [userId]);

  useSocketEvent(SERVER_EVENTS.notification, (notification) => notifications.arrived(notification));

  useEffect(() => {
    if (!open) return;
    // Fresh when opened, unless the /notifications page holds more pages that would be dropped.
    if (notifications.page.peek() <= 1) void notifications.loadFirst();
    const outside = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  if (!user) return null;
  const shown = Math.max(0, unread);
  return (
    <div className="notification-bell" ref={root} data-testid="notification-bell">
      <button
        ref={button}
        type="button"
        className="button button--ghost notification-bell__button"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        aria-label={shown > 0 ? t('notifications.bell.labelUnread', { count: shown }) : t('notifications.bell.label')}
        onClick={() => setOpen((was) => !was)}
      >
        <BellIcon />
        {shown > 0 ? (
          <span className="notification-bell__badge" data-testid="notification-badge" aria-hidden="true">
            {shown > 99 ? '99+' : shown}
          </span>
        ) : null}
      </button>
      {open ? <BellPanel id={`${id}-panel`} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}

function BellPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const view = useNotificationView();
  const items = useSignalValue(notifications.items);
  const status = useSignalValue(notifications.status);
  const error = useSignalValue(notifications.error);
  const unread = useSignalValue(notifications.unread);
  const latest = items.slice(0, LATEST);

  function choose(notification: NotificationDto) {
    const { link } = view(notification);
    if (!notification.read) void notifications.read(notification._id);
    onClose();
    if (link) void navigate(link);
  }

  return (
    <div id={id} className="notification-bell__panel" role="region" aria-label={t('notifications.bell.latest')}>
      <div className="notification-bell__head">
        <strong>{t('notifications.title')}</strong>
        {unread > 0 ? (
          <button type="button" className="button button--ghost" onClick={() => void notifications.readAll()}>
            {t('notifications.markAllRead')}
          </button>
        ) : null}
      </div>
      {status === 'loading' || status === 'idle' ? (
        <p className="muted" role="status">
          {t('common.loading')}
        </p>
      ) : null}
      {status === 'failed' ? (
        <p className="error" role="alert">
          {error?.message || t('errors.generic')}
        </p>
      ) : null}
      {status === 'ready' && latest.length === 0 ? <p className="muted">{t('notifications.bell.empty')}</p> : null}
      {latest.length > 0 ? (
        <ul className="notification-bell__list">
          {latest.map((notification) => (
            <li key={notification._id} data-notification={notification._id} data-read={notification.read ? 'true' : 'false'}>
              <button type="button" className="notification-item" onClick={() => choose(notification)}>
                <span className="notification-item__text">{view(notification).text}</span>
                <span className="notification-item__meta muted">
                  {notification.read ? null : <span className="notification-item__dot">{t('notifications.unreadMark')}</span>}
                  <time dateTime={notification.createdAt}>{formatDateTime(notification.createdAt, i18n.language)}</time>
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Link to="/notifications" className="notification-bell__all" onClick={onClose}>
        {t('notifications.bell.seeAll')}
      </Link>
    </div>
  );
}

function BellIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
      />
    </svg>
  );
}
