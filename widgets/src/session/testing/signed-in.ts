import { createSession, type OwnedSession } from '../session.js';
import { createFakeTransport, demoFan, ok, type FakeTransport } from './fake-transport.js';

/**
 * A session signed in as the demo fan over a fake transport, for model tests: the
 * calls a session makes at sign-in are answered; the test scripts the rest.
 */
export async function signedInFan(balance = 100): Promise<{ transport: FakeTransport; session: OwnedSession }> {
  const transport = createFakeTransport();
  transport.respond('GET', '/settings/public', ok({}));
  transport.respond('GET', '/users/me', ok({ ...demoFan, balance }));
  const session = createSession({ transport, lazy: true, onUnauthorized: () => undefined });
  await session.auth.login({ username: 'fan1', password: 'pw' });
  return { transport, session };
}
