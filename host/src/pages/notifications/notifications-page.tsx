import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { NotificationDto } from '@fandeck/contract';
import { useNamespaces, useTranslation } from '@fandeck/widgets/i18n';
import { NoticeLine, type Notice } from '../../components/notice.js';
import { PageStatus } from '../../components/page-status.js';
import { session, useSignalValue } from '../../session/session.js';
import { notifications } from './notifications.model.js';
import { formatDateTime } from '../../format/date.js';
import { useNotificationView } from './notification-view.js';
import { PushToggle } from './push-toggle.js';

/**
 * /notifications: the signed-in user's notifications, newest first, 12 at a time ("load
 * more" appends the next page); each one marked read alone or all at once; the way to turn
 * on browser notifications where the browser can.
 */
export function NotificationsPage() {
  useNamespaces('notifications');
  const { t } = useTranslation();
  const user = useSignalValue(session.user.current);
  const items = useSignalValue(notifications.items);
  const total = useSignalValue(notifications.total);
  const status = useSignalValue(notifications.status);
  const error = useSignalValue(notifications.error);
  const unread = useSignalValue(notifications.unread);
  const loadingMore = useSignalValue(notifications.loadingMore);
  const [notice, setNotice] = useState<Notice>(null);
  const userId = user?._id ?? null;

  useEffect(() => {
    if (!userId) return;
    notifications.forUser(userId);
    void notifications.loadFirst();
    void notifications.refreshUnread();
  }, [userId]);

  async function readAll() {
    const outcome = await notifications.readAll();
    setNotice(outcome.ok ? { kind: 'done', text: t('notifications.allRead') } : { kind: 'failed', text: outcome.error.message });
  }

  async function loadMore() {
    const outcome = await notifications.loadMore();
    if (outcome && !outcome.ok) setNotice({ kind: 'failed', text: outcome.error.message });
  }

  return (
    <section className="card card--wide card--table stack" aria-labelledby="notifications-title" data-testid="notifications">
      <h1 id="notifications-title">{t('notifications.title')}</h1>
      <p className="muted">{t('notifications.page.intro')}</p>
      <PushToggle />
      <div className="list-controls">
        {status === 'ready' && total > 0 ? (
          <span className="muted" data-testid="notifications-count">
            {t('notifications.page.count', { shown: items.length, total })}
          </span>
        ) : null}
        {unread > 0 ? (
          <button type="button" className="button" onClick={() => void readAll()}>
            {t('notifications.markAllRead')}
          </button>
        ) : null}
      </div>
      <NoticeLine notice={notice} />
      {status === 'loading' || status === 'idle' ? <PageStatus kind="loading" /> : null}
      {status === 'failed' ? <PageStatus kind="error" message={error?.message} onRetry={() => void notifications.loadFirst()} /> : null}
      {status === 'ready' && items.length === 0 ? <p className="muted">{t('notifications.page.empty')}</p> : null}
      {status === 'ready' && items.length > 0 ? (
        <ul className="notification-list" data-testid="notification-list">
          {items.map((notification) => (
            <NotificationRow key={notification._id} notification={notification} onFailed={(text) => setNotice({ kind: 'failed', text })} />
          ))}
        </ul>
      ) : null}
      {status === 'ready' && items.length < total ? (
        <button type="button" className="button" disabled={loadingMore} onClick={() => void loadMore()}>
          {loadingMore ? t('notifications.page.loadingMore') : t('notifications.page.loadMore')}
        </button>
      ) : null}
    </section>
  );
}

function NotificationRow({ notification, onFailed }: { notification: NotificationDto; onFailed: (text: string) => void }) {
  const { t, i18n } = useTranslation();
  const view = useNotificationView()(notification);
  const [busy, setBusy] = useState(false);

  async function read() {
    setBusy(true);
    const outcome = await notifications.read(notification._id);
    setBusy(false);
    if (!outcome.ok) onFailed(outcome.error.message);
  }

  return (
    <li className="notification-list__item" data-notification={notification._id} data-read={notification.read ? 'true' : 'false'}>
      <div className="notification-list__body">
        {view.link ? (
          <Link to={view.link} onClick={() => (notification.read ? undefined : void notifications.read(notification._id))}>
            {view.text}
          </Link>
        ) : (
          <span>{view.text}</span>
        )}
        <span className="muted notification-item__meta">
          {notification.read ? null : <span className="notification-item__dot">{t('notifications.unreadMark')}</span>}
          <time dateTime={notification.createdAt}>{formatDateTime(notification.createdAt, i18n.language)}</time>
        </span>
      </div>
      {notification.read ? null : (
        <button type="button" className="button" disabled={busy} onClick={() => void read()}>
          {t('notifications.markRead')}
        </button>
      )}
    </li>
  );
}
