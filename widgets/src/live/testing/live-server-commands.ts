/**
 * Browser-side types of the live server commands (implemented in live-server-control.ts,
 * which runs in Node). Import this file for its types only.
 */
import type { ServerEventName, ServerEvents } from '@fandeck/contract';
import type { AuthLoginRecord, LiveServerInfo } from './live-server-protocol.js';

declare module 'vitest/browser' {
  interface BrowserCommands {
    liveServerInfo: () => Promise<LiveServerInfo>;
    /** Starts the server (or waits for the start under way); resolves once it listens. */
    liveServerStart: () => Promise<LiveServerInfo>;
    /** Stops the server process; resolves once it has exited. */
    liveServerStop: () => Promise<LiveServerInfo>;
    /** Runs the server's own `realtime.emitToUser(userId, event, payload)` in the server process. */
    liveServerEmit: <E extends ServerEventName>(userId: string, event: E, payload: ServerEvents[E]) => Promise<void>;
    /** The first `auth/login` the server received from `userId` at start `generation` or later. */
    liveServerWaitForAuthLogin: (userId: string, generation: number, timeoutMs: number) => Promise<AuthLoginRecord>;
  }
}

export type { AuthLoginRecord, LiveServerInfo };
