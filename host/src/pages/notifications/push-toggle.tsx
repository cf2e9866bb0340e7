import { useEffect, useId, useState } from 'react';
import type { PushSubscriptionBody } from '@fandeck/contract';
import { i18n, useTranslation } from '@fandeck/widgets/i18n';
import { session } from '../../session/session.js';

/** The service worker that shows pushed notifications (host/public, served at the site's root). */
const WORKER_PATH = '/notification-sw.js';

type PushState =
  | { status: 'checking' }
  | { status: 'off' | 'on' | 'working' | 'denied' }
  | { status: 'failed'; message: string };

/** Web push needs a service worker, the Push API and notifications, on a secure origin. */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && window.isSecureContext && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The VAPID key as the server answers it: the string itself or inside `publicKey`/`key`. */
function readPublicKey(answer: unknown): string | null {
  const raw = typeof answer === 'object' && answer !== null ? ((answer as { publicKey?: unknown }).publicKey ?? (answer as { key?: unknown }).key) : answer;
  return typeof raw === 'string' && raw.trim() ? raw.trim() : null;
}

function base64UrlBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = (value + '='.repeat((4 - (value.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * The worker shows a push with the site's own texts: it keeps the active language's
 * notification texts (templates with `{{name}}`, `{{amount}}`) sent to it here.
 */
function sendTextsTo(worker: ServiceWorker | null) {
  const texts: unknown = i18n.getResourceBundle(i18n.language, 'notifications');
  if (!worker || typeof texts !== 'object' || texts === null) return;
  worker.postMessage({ type: 'fandeck:notification-texts', texts: { ...texts, locale: i18n.language, siteName: session.ui.siteName.peek() } });
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * "Turn on browser notifications": asks the browser's permission, registers the worker,
 * subscribes with the server's public key and sends the subscription to the server.
 * Nothing shows where the browser cannot do web push.
 */
export function PushToggle() {
  const { t } = useTranslation();
  const id = useId();
  const supported = pushSupported();
  const [state, setState] = useState<PushState>({ status: 'checking' });
  const [done, setDone] = useState<'enabled' | 'disabled' | null>(null);

  useEffect(() => {
    if (!supported) return;
    let live = true;
    void (async () => {
      const subscription = await currentSubscription().catch(() => null);
      if (!live) return;
      if (subscription) {
        sendTextsTo((await navigator.serviceWorker.getRegistration('/'))?.active ?? null);
        setState({ status: 'on' });
      } else setState({ status: Notification.permission === 'denied' ? 'denied' : 'off' });
    })();
    return () => {
      live = false;
    };
  }, [supported]);

  if (!supported) return null;

  async function enable() {
    setState({ status: 'working' });
    setDone(null);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') return setState({ status: permission === 'denied' ? 'denied' : 'off' });
      const key = await session.api.notifications.pushKey();
      if (!key.ok) return setState({ status: 'failed', message: key.error.message });
      const publicKey = readPublicKey(key.value);
      if (!publicKey) return setState({ status: 'failed', message: t('notifications.push.failed') });
      await navigator.serviceWorker.register(WORKER_PATH);
      const registration = await navigator.serviceWorker.ready;
      sendTextsTo(registration.active);
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlBytes(publicKey) }));
      const json = subscription.toJSON();
      const body: PushSubscriptionBody = { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } };
      const saved = await session.api.notifications.pushSubscribe(body);
      if (!saved.ok) {
        await subscription.unsubscribe().catch(() => false);
        return setState({ status: 'failed', message: saved.error.message });
      }
      setState({ status: 'on' });
      setDone('enabled');
    } catch {
      setState({ status: 'failed', message: t('notifications.push.failed') });
    }
  }

  async function disable() {
    setState({ status: 'working' });
    setDone(null);
    try {
      const subscription = await currentSubscription();
      if (subscription) {
        const removed = await session.api.notifications.pushUnsubscribe({ endpoint: subscription.endpoint });
        if (!removed.ok) return setState({ status: 'failed', message: removed.error.message });
        await subscription.unsubscribe();
      }
      setState({ status: 'off' });
      setDone('disabled');
    } catch {
      setState({ status: 'failed', message: t('notifications.push.failed') });
    }
  }

  return (
    <section className="push-toggle" aria-labelledby={`${id}-title`} data-testid="push-toggle" data-state={state.status}>
      <h2 id={`${id}-title`}>{t('notifications.push.title')}</h2>
      <p className="muted">{t('notifications.push.hint')}</p>
      {state.status === 'denied' ? <p className="muted">{t('notifications.push.denied')}</p> : null}
      {state.status === 'off' || state.status === 'failed' ? (
        <button type="button" className="button" onClick={() => void enable()}>
          {t('notifications.push.enable')}
        </button>
      ) : null}
      {state.status === 'on' ? (
        <button type="button" className="button" onClick={() => void disable()}>
          {t('notifications.push.disable')}
        </button>
      ) : null}
      {state.status === 'working' ? (
        <p className="muted" role="status">
          {t('notifications.push.working')}
        </p>
      ) : null}
      {state.status === 'failed' ? (
        <p className="error" role="alert">
          {state.message}
        </p>
      ) : null}
      {done ? (
        <p className="success" role="status">
          {done === 'enabled' ? t('notifications.push.enabled') : t('notifications.push.disabled')}
        </p>
      ) : null}
    </section>
  );
}
