/*
 * Fandeck's service worker for browser notifications (pages/notifications/push-toggle.tsx
 * registers it). It only shows pushed notifications and opens the page one leads to: no
 * fetch handler, no caching of the site. A push carries a notification (`{ _id, type, data }`,
 * or `{ notification }`) and may carry its own `title`, `body` and `url`; without a body the
 * text is made from the site's texts for the type, which the page sends here in the user's
 * language and which are kept in the Cache Storage across restarts of the worker.
 */
const TEXTS_CACHE = 'fandeck-notification-texts';
const TEXTS_KEY = '/notification-sw/texts.json';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('message', (event) => {
  const message = event.data;
  if (!message || message.type !== 'fandeck:notification-texts' || typeof message.texts !== 'object') return;
  const stored = new Response(JSON.stringify(message.texts), { headers: { 'content-type': 'application/json' } });
  event.waitUntil(caches.open(TEXTS_CACHE).then((cache) => cache.put(TEXTS_KEY, stored)));
});

async function readTexts() {
  try {
    const found = await (await caches.open(TEXTS_CACHE)).match(TEXTS_KEY);
    return found ? await found.json() : null;
  } catch {
    return null;
  }
}

const pick = (value, path) => path.split('.').reduce((at, key) => (at && typeof at === 'object' ? at[key] : undefined), value);
const fill = (template, values) => template.replace(/\{\{(\w+)\}\}/g, (_, key) => values[key] ?? '');
const text = (value) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** Where a click goes: a page of this site only. */
function linkOf(payload, notification) {
  const url = text(payload.url);
  if (url && url.startsWith('/') && !url.startsWith('//')) return url;
  const conversation = text(notification.data?.conversationId);
  if (notification.type === 'message.received' && conversation) return `/messages?conversation=${encodeURIComponent(conversation)}`;
  const creator = text(notification.data?.performerUsername) ?? text(notification.data?.performerId);
  if (notification.type === 'stream.live' && creator) return `/live/${encodeURIComponent(creator)}`;
  return '/notifications';
}

function bodyOf(texts, notification) {
  if (!texts?.types) return '';
  const data = notification.data || {};
  const name = text(data.actorName) ?? text(data.performerName) ?? text(data.actorUsername) ?? texts.someone ?? '';
  let template = typeof notification.type === 'string' ? pick(texts.types, notification.type) : undefined;
  let amount = '';
  if (notification.type === 'tip.received') {
    const value = Number(data.amount);
    if (Number.isFinite(value)) amount = new Intl.NumberFormat(texts.locale || 'pt-BR', { style: 'currency', currency: 'BRL' }).format(value);
    else template = texts.types.tip?.receivedNoAmount;
  }
  return fill(typeof template === 'string' ? template : texts.types.generic || '', { name, amount });
}

async function show(payload) {
  const texts = await readTexts();
  const notification = payload.notification && typeof payload.notification === 'object' ? payload.notification : payload;
  const title = text(payload.title) ?? text(texts?.siteName) ?? self.location.hostname;
  const body = text(payload.body) ?? bodyOf(texts, notification);
  await self.registration.showNotification(title, {
    body,
    ...(text(notification._id) ? { tag: notification._id } : {}),
    data: { url: linkOf(payload, notification) },
  });
}

self.addEventListener('push', (event) => {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(show(payload && typeof payload === 'object' ? payload : {}));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || '/notifications', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url.startsWith(self.location.origin));
      // A window this worker does not control cannot be navigated: a new one is opened instead.
      if (open) return open.navigate(url).then((client) => (client ?? open).focus()).catch(() => self.clients.openWindow(url));
      return self.clients.openWindow(url);
    }),
  );
});
