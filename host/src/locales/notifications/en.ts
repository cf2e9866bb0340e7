import type { TextsOf } from '@fandeck/widgets/i18n';
import type notifications from './pt-BR.js';

/** Host site: the notifications bell, the /notifications page and browser notifications: English. */
export default {
  title: 'Notifications',
  bell: {
    label: 'Notifications',
    labelUnread: 'Notifications: {{count}} unread',
    latest: 'Latest notifications',
    empty: 'No notifications yet.',
    seeAll: 'See all',
  },
  types: {
    subscription: {
      renewal_failed: 'We could not renew your subscription to {{name}}. Add funds to keep your access.',
      created: '{{name}} subscribed to your profile.',
    },
    follow: {
      created: '{{name}} started following you.',
    },
    tip: {
      received: '{{name}} sent you a {{amount}} tip.',
      receivedNoAmount: '{{name}} sent you a tip.',
    },
    comment: {
      created: '{{name}} commented on your post.',
    },
    message: {
      received: '{{name}} sent you a message.',
    },
    private_stream: {
      updated: '{{name}} updated a private call request.',
    },
    moderation: {
      warning: "Staff reviewed a report about your content and sent you a warning: please follow the platform's rules.",
    },
    stream: {
      live: '{{name}} is live now. Come and watch!',
    },
    generic: 'You have a new notification.',
  },
  /** A private call request's change, by its `action` (private_stream.updated). */
  privateCall: {
    requested: '{{name}} asked for a private call.',
    approved: '{{name}} approved your private call request.',
    rejected: '{{name}} declined your private call request.',
    edited: '{{name}} changed the private call request.',
    paid: '{{name}} paid for the private call.',
    started: '{{name}} started the private call: join now.',
    deleted: '{{name}} cancelled the private call request.',
    deletedRefunded: "{{name}} cancelled the paid private call; the amount went back to the fan's wallet.",
  },
  someone: 'Someone',
  unreadMark: 'Unread',
  markRead: 'Mark as read',
  markAllRead: 'Mark all as read',
  allRead: 'All notifications were marked as read.',
  page: {
    intro: 'What happened on your account: new subscriptions, followers, tips, comments and messages.',
    empty: 'You have no notifications yet.',
    loadMore: 'Load more',
    loadingMore: 'Loading…',
    count: 'Showing {{shown}} of {{total}}',
  },
  push: {
    title: 'Browser notifications',
    hint: 'Get a browser alert even when the site is closed.',
    enable: 'Turn on browser notifications',
    disable: 'Turn off browser notifications',
    working: 'One moment…',
    enabled: 'Browser notifications are on.',
    disabled: 'Browser notifications are off.',
    denied: 'Your browser blocked notifications from this site. Allow them in the browser settings.',
    failed: 'Browser notifications could not be turned on.',
  },
} satisfies TextsOf<typeof notifications>;
