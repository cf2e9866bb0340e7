import type { ServerEventName, ServerEvents } from '@fandeck/contract';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useSession } from '../session/react.js';
import { watchSocketEvent, type SocketEventOptions } from './watch-socket-event.js';

/**
 * A React view's listener for a server event (spec section 7), over the session's live
 * channel, whichever transport provides it. The latest `handler` is always called, so
 * an inline arrow does not resubscribe on every render; a change of event or room does.
 * The handler gets the payload the contract's `ServerEvents` declares for the event.
 *
 * @example
 * useSocketEvent('update_balance', ({ balance }) => toast(balance));
 * useSocketEvent('message_created_conversation_42', onMessage, { room: 'conversation:42', rejoinOnRouteChange: true });
 */
export function useSocketEvent<E extends ServerEventName>(
  event: E,
  handler: (payload: ServerEvents[E]) => void,
  options: SocketEventOptions = {},
): void {
  const session = useSession();
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  const { room, rejoinOnRouteChange = false } = options;
  useEffect(
    () =>
      watchSocketEvent(session.live, event, (payload) => latest.current(payload), {
        ...(room ? { room } : {}),
        rejoinOnRouteChange,
      }),
    [session, event, room, rejoinOnRouteChange],
  );
}
