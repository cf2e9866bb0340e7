/**
 * The live connection: socket.io with the constants of spec section 9, the status
 * machine of section 4, and event listeners that follow the connection (section 7).
 */
export { createLiveConnection, type LiveConnection, type LiveConnectionOptions } from './live-connection.js';
export { LIVE_EVENTS, LIVE_RECONNECTION, LIVE_SOCKET_PATH, LIVE_TRANSPORTS, ROUTE_CHANGE_EVENT } from './live-options.js';
export { initialLiveState, nextLiveState, type LiveEvent, type LiveState } from './live-status.js';
export { watchSocketEvent, type SocketEventOptions } from './watch-socket-event.js';
export { useSocketEvent } from './use-socket-event.js';
