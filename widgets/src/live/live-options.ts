/**
 * The live connection's constants (spec sections 7 and 9): socket.io at `/socket.io`,
 * websocket first and then polling, reconnection on with unlimited attempts, first delay
 * 1000 ms, maximum delay 10000 ms, connection timeout 20000 ms, invalid certificates
 * rejected (the last only matters outside browsers, which always reject them).
 */
export const LIVE_SOCKET_PATH = '/socket.io';

export const LIVE_TRANSPORTS = ['websocket', 'polling'] as const;

export const LIVE_RECONNECTION = {
  reconnection: true,
  reconnectionAttempts: Infinity,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 10000,
  timeout: 20000,
  rejectUnauthorized: true,
} as const;

/** Client to server events (contract section 3). */
export const LIVE_EVENTS = {
  login: 'auth/login',
  logout: 'auth/logout',
  joinRoom: 'joinRoom',
  leaveRoom: 'leaveRoom',
  updateBalance: 'update_balance',
} as const;

/** The window event the host dispatches after each client-side route change. */
export const ROUTE_CHANGE_EVENT = 'fandeck:route-change';
