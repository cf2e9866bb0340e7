/**
 * The live connection against the REAL server process (project `live-server`, see
 * vitest.config.ts): the page signs in through the session exactly as the host does
 * (same origin, the test server proxies /api and /socket.io to the server), then the
 * server process is stopped and started again on the same port and data folder.
 *
 * Proof that `auth/login` is re-sent after the reconnect comes from the server side:
 * the server harness reports each `auth/login` it receives, with the user its own token
 * resolver found, numbered by server start. An `update_balance` emitted afterwards by
 * the server's own `realtime.emitToUser` must then reach the page's balance.
 * Every wait is on a signal or a server report, with a deadline.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from 'vitest/browser';
import { createSession, type OwnedSession } from '../session/session.js';
import { record, whenSignal } from '../session/testing/signal-waits.js';
import { clearToken } from '../session/token-cookie.js';
import type { LiveStatus } from '../session/transport.js';
import { walletFeature } from '../wallet/wallet.model.js';
import type { LiveServerInfo } from './testing/live-server-commands.js';

let session: OwnedSession | undefined;
let server: LiveServerInfo;

beforeAll(async () => {
  clearToken();
  server = await commands.liveServerStart();
});

afterAll(async () => {
  await session?.auth.logout();
  session?.dispose();
  clearToken();
});

const is = (wanted: LiveStatus) => (status: LiveStatus) => status === wanted;

describe('live connection against the real server', () => {
  it('walks initialized → connected → disconnect → reconnecting → connected across a restart, re-sending auth/login', async () => {
    expect(server.running).toBe(true);
    const startedAs = server.generation;
    session = createSession({ onUnauthorized: () => undefined });
    const live = session.live;
    const statuses = record(live.status);
    const reach = (wanted: LiveStatus, timeoutMs: number, what: string) =>
      whenSignal(live.status, is(wanted), timeoutMs, what).catch((error: unknown) => {
        throw new Error(`${String(error)}; statuses so far: ${statuses.values.join(' → ')}`);
      });

    const login = await session.auth.login({ username: 'fan1@fandeck.local', password: 'fandeck-demo' });
    if (!login.ok) throw new Error(`login failed: ${login.error.message}`);
    const fan = login.value;
    await reach('connected', 30_000, 'the first connection');
    const firstLogin = await commands.liveServerWaitForAuthLogin(fan._id, startedAs, 15_000);
    expect(firstLogin.userId).toBe(fan._id);

    await commands.liveServerStop();
    await reach('reconnecting', 30_000, 'reconnection attempts while the server is down');

    const restarted = await commands.liveServerStart();
    expect(restarted.generation).toBe(startedAs + 1);
    expect(restarted.port).toBe(server.port);
    // Attempts are at most 10 s apart (reconnectionDelayMax), so the page is back soon after.
    await reach('connected', 60_000, 'the reconnection');

    const resent = await commands.liveServerWaitForAuthLogin(fan._id, restarted.generation, 15_000);
    expect(resent).toMatchObject({ generation: restarted.generation, userId: fan._id });
    expect(resent.socketId).not.toBe(firstLogin.socketId);

    // The wallet model listens to update_balance once something uses it, as a paid element does.
    session.use(walletFeature);
    const before = session.user.current.value?.balance ?? Number.NaN;
    await commands.liveServerEmit(fan._id, 'update_balance', { token: 7.5, balance: before + 7.5, account: 'wallet' });
    await whenSignal(session.user.current, (user) => user?.balance === before + 7.5, 10_000, 'the credited balance');
    await commands.liveServerEmit(fan._id, 'update_balance', { token: -2.5, balance: before + 5, account: 'wallet' });
    await whenSignal(session.user.current, (user) => user?.balance === before + 5, 10_000, 'the debited balance');

    expect(statuses.values).toEqual(['initialized', 'connected', 'disconnect', 'reconnecting', 'connected']);

    await session.auth.logout();
    expect(live.status.value).toBe('disconnect');
    expect(live.channel.value).toBeNull();
  });
});
