import { describe, expect, it } from 'vitest';
import type { LiveStatus } from '../session/transport.js';
import { LIVE_RECONNECTION, LIVE_TRANSPORTS } from './live-options.js';
import { initialLiveState, nextLiveState, type LiveEvent } from './live-status.js';

function walk(events: LiveEvent[]): LiveStatus[] {
  let state = initialLiveState;
  const seen: LiveStatus[] = [state.status];
  for (const event of events) {
    state = nextLiveState(state, event);
    if (seen.at(-1) !== state.status) seen.push(state.status);
  }
  return seen;
}

describe('live status machine (spec section 4)', () => {
  it('initialized → connected → disconnect → reconnecting → connected across a server restart', () => {
    expect(
      walk(['connect', 'disconnect', 'reconnect_attempt', 'connect_error', 'reconnect_error', 'reconnect_attempt', 'connect']),
    ).toEqual(['initialized', 'connected', 'disconnect', 'reconnecting', 'connected']);
  });

  it('fails on an error outside reconnection, then reconnects', () => {
    expect(walk(['connect_error', 'reconnect_attempt', 'connect'])).toEqual(['initialized', 'failed', 'reconnecting', 'connected']);
  });

  it('fails when reconnection gives up', () => {
    expect(walk(['connect', 'disconnect', 'reconnect_attempt', 'reconnect_error', 'reconnect_failed'])).toEqual([
      'initialized',
      'connected',
      'disconnect',
      'reconnecting',
      'failed',
    ]);
  });

  it('a closed connection is disconnected and no longer reconnecting', () => {
    const state = nextLiveState({ status: 'reconnecting', attempting: true }, 'close');
    expect(state).toEqual({ status: 'disconnect', attempting: false });
    expect(nextLiveState(state, 'connect_error').status).toBe('failed');
  });

  it('uses the constants of spec section 9', () => {
    expect(LIVE_TRANSPORTS).toEqual(['websocket', 'polling']);
    expect(LIVE_RECONNECTION).toEqual({
      reconnection: true,
      reconnectionAttempts: Infinity,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 10000,
      timeout: 20000,
      rejectUnauthorized: true,
    });
  });
});
