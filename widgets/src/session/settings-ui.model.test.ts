import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../i18n/index.js';
import { createSession, type OwnedSession } from './session.js';
import { createFakeTransport, fail, ok, type FakeTransport } from './testing/fake-transport.js';

let transport: FakeTransport;
let session: OwnedSession;

beforeEach(async () => {
  await setLocale('pt-BR');
  transport = createFakeTransport({ origin: 'https://fandeck.example' });
  session = createSession({ transport, lazy: true, onUnauthorized: () => undefined });
});

afterEach(() => session.dispose());

describe('settings and UI models', () => {
  it('derive the chrome from the public settings, with absolute URLs on the platform origin', async () => {
    expect(session.ui.siteName.value).toBe('Fandeck');
    expect(session.ui.logo.value).toBe('');
    transport.respond(
      'GET',
      '/settings/public',
      ok({
        siteName: 'Fandeck BR',
        logoUrl: '/brand/logo.svg',
        darkmodeLogoUrl: '',
        faviconUrl: 'https://cdn.example/favicon.svg',
        menus: [{ title: 'Help', path: '/help', section: 'footer' }, { title: 'broken' }],
      }),
    );
    const outcome = await session.settings.load();
    expect(outcome.ok).toBe(true);
    expect(session.settings.status.value).toBe('ready');
    expect(session.ui.siteName.value).toBe('Fandeck BR');
    expect(session.ui.logo.value).toBe('https://fandeck.example/brand/logo.svg');
    expect(session.ui.darkmodeLogo.value).toBe('https://fandeck.example/brand/logo.svg');
    expect(session.ui.favicon.value).toBe('https://cdn.example/favicon.svg');
    expect(session.ui.menus.value).toEqual([{ title: 'Help', path: '/help', section: 'footer' }]);
  });

  it('keeps the last good settings when a reload fails, and shares concurrent loads', async () => {
    transport.respond('GET', '/settings/public', ok({ siteName: 'First' }));
    await Promise.all([session.settings.load(), session.settings.load()]);
    expect(transport.calls.filter((call) => call.path === '/settings/public')).toHaveLength(1);
    transport.respond('GET', '/settings/public', fail(503, { statusCode: 503, message: 'Service Unavailable' }));
    const outcome = await session.settings.load();
    expect(outcome.ok).toBe(false);
    expect(session.settings.status.value).toBe('failed');
    // The fan reads the text of the status, never the server's English.
    expect(session.settings.error.value).toBe('Algo deu errado, tente novamente mais tarde');
    expect(session.ui.siteName.value).toBe('First');
  });
});
