import { lazy, Suspense } from 'react';

// Its own chunk, with its texts: the header of a signed-out visitor never fetches it.
const NotificationBell = lazy(async () => ({ default: (await import('../pages/notifications/notification-bell.js')).NotificationBell }));

/** The header's place for the notifications bell (signed-in users only); empty while it loads. */
export function NotificationBellSlot() {
  return (
    <Suspense fallback={null}>
      <NotificationBell />
    </Suspense>
  );
}
