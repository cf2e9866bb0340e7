import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { useTranslation } from '@fandeck/widgets/i18n';

/** How long the black overlay stays after a PrintScreen press (spec section 9). */
export const SCREENSHOT_OVERLAY_MS = 1000;

/**
 * Content protection on every page (spec section 2): PrintScreen shows an alert and
 * then a black full-screen overlay for exactly SCREENSHOT_OVERLAY_MS; a copy shows
 * an alert. The alert comes first because it blocks the page: a timer started
 * before it would be held up for as long as the alert stays open.
 */
export function ContentProtection() {
  const { t } = useTranslation();
  const [shielded, setShielded] = useState(false);
  const shieldedRef = useRef(false);
  shieldedRef.current = shielded;

  useEffect(() => {
    // PrintScreen often reaches the page only as keyup (the system takes the keydown).
    const onKeyUp = (event: KeyboardEvent) => {
      if (event.key !== 'PrintScreen' && event.code !== 'PrintScreen') return;
      if (shieldedRef.current) return;
      window.alert(t('protection.screenshotDetected'));
      setShielded(true);
    };
    const onCopy = () => window.alert(t('protection.copyDetected'));
    document.addEventListener('keyup', onKeyUp);
    document.addEventListener('copy', onCopy);
    return () => {
      document.removeEventListener('keyup', onKeyUp);
      document.removeEventListener('copy', onCopy);
    };
  }, [t]);

  // The timer starts in a microtask queued after the overlay entered the document
  // (so after any observer of that insertion), and the removal is flushed at once:
  // the overlay is in the DOM for the full period, never less, and hardly more.
  useLayoutEffect(() => {
    if (!shielded) return undefined;
    let cancelled = false;
    let timer: number | undefined;
    queueMicrotask(() => {
      if (!cancelled) timer = window.setTimeout(() => flushSync(() => setShielded(false)), SCREENSHOT_OVERLAY_MS);
    });
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [shielded]);

  if (!shielded) return null;
  return createPortal(<div className="screen-shield" data-testid="screen-shield" aria-hidden="true" />, document.body);
}
