/**
 * <fan-tip-button> on a third-party page, signed out: the session's transport is the
 * bridge's (scripted here), so signing in opens the platform's popup through the session.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getSession, type Session } from '../session/session.js';
import { createFakeTransport, demoFan, fail, ok, type FakeTransport } from '../session/testing/fake-transport.js';
import type { Transport } from '../session/transport.js';
import { mount, part, partSoon, walletSettings } from '../wallet/testing/wallet-test-kit.js';
import './fan-tip-button.element.js';

let transport: FakeTransport;
let session: Session;

beforeAll(async () => {
  transport = createFakeTransport({ credential: false, origin: 'http://platform.test' });
  transport.respond('GET', '/settings/public', ok(walletSettings));
  transport.respond('GET', '/users/me', ok({ ...demoFan, balance: 42 }));
  transport.respond('GET', '/performers/ana.lima', ok({ _id: 'creator-1', name: 'Ana Lima', username: 'ana.lima', avatar: '' }));
  transport.respond('GET', '/performers/nobody', fail(404, { statusCode: 404, message: 'Creator not found' }));
  // The same scripted transport, seen by the session as a third-party page's bridge.
  const bridge: Transport = Object.create(transport, { kind: { value: 'bridge' } });
  session = getSession({ transport: bridge, lazy: true });
  await session.settings.load();
});

afterEach(() => {
  document.querySelectorAll('fan-tip-button').forEach((element) => element.remove());
});

async function open(attributes: Record<string, string>) {
  const element = await mount('fan-tip-button', attributes);
  part(element, 'button')?.click();
  await partSoon(element, 'panel');
  return element;
}

describe('<fan-tip-button> signed out and on errors', () => {
  it('says when the creator attribute is missing, or names no creator', async () => {
    const missing = await open({});
    await vi.waitFor(() => expect(part(missing, 'error')?.textContent).toBe('Este botão não indica para qual criador é a gorjeta.'));
    expect(part(missing, 'retry')).toBeNull();
    const unknown = await open({ creator: 'nobody' });
    await vi.waitFor(() => expect(part(unknown, 'error')?.textContent).toBe('Criador não encontrado.'));
    expect(part(unknown, 'retry')?.textContent).toBe('Tentar novamente');
  });

  it('follows its label and locale attributes', async () => {
    const element = await mount('fan-tip-button', { creator: 'ana.lima', label: 'Apoie a Ana', locale: 'en' });
    expect(part(element, 'button')?.textContent).toContain('Apoie a Ana');
    element.removeAttribute('label');
    await vi.waitFor(() => expect(part(element, 'button')?.textContent).toContain('Send a tip'));
  });

  it('says why the platform sign-in did not open, with texts the element did not load to paint', async () => {
    const element = await open({ creator: 'ana.lima' });
    await partSoon(element, 'sign-in');
    const reply = transport.loginReply;
    transport.loginReply = { ok: false, status: 0, body: { code: 'bridge.popup_blocked' } };
    try {
      part(element, 'sign-in-button')?.click();
      await vi.waitFor(() => expect(part(element, 'error')?.textContent).toBe('O navegador bloqueou a janela de entrada. Permita pop-ups e tente novamente.'));
    } finally {
      transport.loginReply = reply;
    }
  });

  it('offers the platform sign-in, then the tip form with the balance once signed in', async () => {
    const element = await open({ creator: 'ana.lima' });
    const prompt = await partSoon(element, 'sign-in');
    expect(prompt.textContent).toContain('Entre para enviar uma gorjeta.');
    const button = part(element, 'sign-in-button');
    expect(button?.tagName).toBe('BUTTON');
    button?.click();
    await vi.waitFor(() => expect(transport.loginCalls).toEqual([{ username: '', password: '', remember: false }]));
    await partSoon(element, 'form');
    await vi.waitFor(() => expect(part(element, 'balance')?.textContent?.replace(/\s/g, ' ')).toBe('Seu saldo: R$ 42,00'));
    await session.auth.logout();
    await partSoon(element, 'sign-in');
  });
});
