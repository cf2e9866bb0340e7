import { effect, untracked } from '@preact/signals-core';
import type { ServerEventName, ServerEvents } from '@fandeck/contract';
import type { LiveModel } from '../session/live.model.js';
import { ROUTE_CHANGE_EVENT } from './live-options.js';

export interface SocketEventOptions {
  /** A room to join while listening; the server decides whether the user may. */
  room?: string;
  /** Join the room again after each route change (`popstate` and the host's `fandeck:route-change`). */
  rejoinOnRouteChange?: boolean;
}

/**
 * Listens to a server event while the live connection is up (spec section 7): subscribes
 * and joins the room on connect, leaves and unsubscribes when the connection goes down
 * or the returned function is called, and subscribes and joins again after a reconnect
 * (the server forgets rooms with the connection). Works with any transport's channel.
 */
export function watchSocketEvent<E extends ServerEventName>(
  live: Pick<LiveModel, 'status' | 'channel'>,
  event: E,
  handler: (payload: ServerEvents[E]) => void,
  options: SocketEventOptions = {},
): () => void {
  const { room, rejoinOnRouteChange = false } = options;
  return effect(() => {
    const channel = live.channel.value;
    if (!channel || live.status.value !== 'connected') return;
    return untracked(() => {
      const off = channel.on(event, handler);
      if (!room) return off;
      channel.joinRoom(room);
      const rejoin = () => channel.joinRoom(room);
      if (rejoinOnRouteChange) {
        window.addEventListener('popstate', rejoin);
        window.addEventListener(ROUTE_CHANGE_EVENT, rejoin);
      }
      return () => {
        off();
        channel.leaveRoom(room);
        window.removeEventListener('popstate', rejoin);
        window.removeEventListener(ROUTE_CHANGE_EVENT, rejoin);
      };
    });
  });
}
