/**
 * Messages between the test's control process and the server harness (IPC), and what
 * the browser test learns through vitest commands. Types only: both sides import it.
 */
import type { ServerEventName, ServerEvents } from '@fandeck/contract';

/** An emit the test asks of the server, typed by the contract like the server's own emits. */
export type HarnessRequest<E extends ServerEventName = ServerEventName> = { type: 'emit'; id: number; userId: string; event: E; payload: ServerEvents[E] };

export type HarnessReport =
  | { type: 'ready'; port: number }
  | { type: 'auth-login'; socketId: string; userId: string | null }
  | { type: 'emitted'; id: number };

/** One `auth/login` the server received, numbered by server start (1 = first process, 2 = after one restart…). */
export interface AuthLoginRecord {
  generation: number;
  socketId: string;
  userId: string | null;
}

export interface LiveServerInfo {
  /** The server's own origin; the page reaches it through the test server's proxy (same origin). */
  origin: string;
  port: number;
  /** How many times the server process has been started. */
  generation: number;
  running: boolean;
}
