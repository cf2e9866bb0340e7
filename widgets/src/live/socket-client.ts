import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';

export type { Socket } from 'socket.io-client';

/** socket.io-client's `io`, as the live connection calls it. */
export type SocketFactory = (uri: string, options: Partial<ManagerOptions & SocketOptions>) => Socket;

/** How the live connection gets `io`; tests pass a stand-in. */
export type SocketClientLoader = () => Promise<SocketFactory>;

let loading: Promise<SocketFactory> | null = null;

/**
 * socket.io-client (about 13 KB gzip with engine.io) is fetched the first time a live
 * connection opens, which happens only once a fan is signed in: a signed-out visitor of a
 * page with elements never downloads it. The embed build gives it a chunk of its own.
 * A failed fetch is forgotten so the next attempt fetches again.
 */
export const loadSocketClient: SocketClientLoader = () => {
  loading ??= import('socket.io-client').then(
    (module) => module.io,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
};
