import { useLayoutEffect, useState } from 'react';
import { useSession } from '../session/react.js';

/**
 * A src for a media link the platform signed for the fan (`Transport.media`): on the
 * platform's own origin the link itself, at once; on a third-party page an object URL of
 * the bytes the bridge fetched, null until they arrive. The object URL is this hook's: it
 * is revoked when the link changes or the component goes, and a fetch still under way is
 * aborted. When the bytes cannot be had the link itself is answered, so the browser shows
 * the media as broken, with its alt text, rather than nothing.
 */
export function useMediaUrl(url: string | null | undefined): string | null {
  const { transport } = useSession();
  const [shown, setShown] = useState<{ url: string; src: string } | null>(null);

  // A layout effect: a link answered at once is in place before the first paint.
  useLayoutEffect(() => {
    if (!url) return;
    const controller = new AbortController();
    const answer = transport.media(url, controller.signal);
    if (typeof answer === 'string') {
      setShown({ url, src: answer });
      return;
    }
    let objectUrl: string | null = null;
    let live = true;
    void answer.then((blob) => {
      if (!live) return;
      if (blob) objectUrl = URL.createObjectURL(blob);
      setShown({ url, src: objectUrl ?? url });
    });
    return () => {
      live = false;
      controller.abort();
      if (!objectUrl) return;
      URL.revokeObjectURL(objectUrl);
      const revoked = objectUrl;
      // Back to this same link later, a revoked URL must not be what it shows.
      setShown((current) => (current?.src === revoked ? null : current));
    };
  }, [transport, url]);

  // What was shown for an earlier link is never shown for this one.
  return url && shown?.url === url ? shown.src : null;
}
