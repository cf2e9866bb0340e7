import type { LiveStatus } from '../session/transport.js';

/** What socket.io reports, reduced to what the status machine needs. */
export type LiveEvent =
  | 'connect'
  | 'disconnect'
  | 'reconnect_attempt'
  | 'connect_error'
  | 'reconnect_error'
  | 'reconnect_failed'
  | 'close';

export interface LiveState {
  status: LiveStatus;
  /** True from the first reconnection attempt until it succeeds or gives up. */
  attempting: boolean;
}

export const initialLiveState: LiveState = { status: 'initialized', attempting: false };

/**
 * The live socket status machine of spec section 4: initialized at start; connected on
 * connect; disconnect on disconnect; reconnecting during attempts; failed on an error
 * outside an attempt or when reconnection gives up. A failed attempt is part of
 * reconnecting, so the status does not flicker to failed between attempts.
 */
export function nextLiveState(state: LiveState, event: LiveEvent): LiveState {
  switch (event) {
    case 'connect':
      return { status: 'connected', attempting: false };
    case 'disconnect':
      return { status: 'disconnect', attempting: state.attempting };
    case 'reconnect_attempt':
      return { status: 'reconnecting', attempting: true };
    case 'connect_error':
      return state.attempting ? { status: 'reconnecting', attempting: true } : { status: 'failed', attempting: false };
    case 'reconnect_error':
      return { status: 'reconnecting', attempting: true };
    case 'reconnect_failed':
      return { status: 'failed', attempting: false };
    case 'close':
      return { status: 'disconnect', attempting: false };
  }
}
