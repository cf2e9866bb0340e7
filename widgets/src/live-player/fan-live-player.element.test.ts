import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, part, parts, signedInPage, type, type WalletPage } from '../wallet/testing/wallet-test-kit.js';
import './fan-live-player.element.js';
import { liveJoin, lockedJoin, offlineJoin, serveLive, streamMessage, type FakeLiveServer } from './testing/live-fixtures.js';

let page: WalletPage;
let server: FakeLiveServer;

// The machine running these may be busy: a flow gets five seconds, not the default one.
const waitFor = <T>(check: () => T) => vi.waitFor(check, { interval: 20 });
const partSoon = (root: Element, name: string) =>
  waitFor(() => {
    const found = part(root, name);
    if (!found) throw new Error(`no [part~="${name}"] yet`);
    return found;
  });
const squash = (text: string | null | undefined) => text?.replace(/\s/g, ' ').trim() ?? null;
const stateOf = (element: Element) => part(element, 'player')?.dataset.state;

async function mount(creator = 'ana.lima') {
  const element = document.createElement('fan-live-player');
  element.setAttribute('creator', creator);
  document.body.append(element);
  await element.rendered;
  return element;
}

async function signIn() {
  if (!page.session.auth.loggedIn.value) await page.session.auth.login({ username: 'fan.one', password: 'pw' });
  await waitFor(() => expect(page.transport.channel?.closed).toBe(false));
  page.transport.channel!.setStatus('connected');
}

beforeAll(async () => {
  page = await signedInPage(50);
});

beforeEach(async () => {
  await signIn();
  server = serveLive(page.transport);
  page.transport.calls.length = 0;
  page.pays.length = 0;
  page.confirmAnswer.value = true;
});

afterEach(() => {
  document.querySelectorAll('fan-live-player').forEach((element) => element.remove());
});

describe('<fan-live-player>', () => {
  it('offline, says so with the creator’s name, and goes live by itself when the stream starts, with the stage’s own sheet', async () => {
    server.join = offlineJoin();
    const element = await mount();
    expect(squash((await partSoon(element, 'status')).textContent)).toBe('Ana Lima está offline');
    expect(stateOf(element)).toBe('offline');
    // The offline shell does without the live stage's sheet: it comes with the stage's chunk.
    const shellSheets = element.shadowRoot!.adoptedStyleSheets.length;
    server.join = liveJoin();
    page.serverEmit('model-joined', { streamId: 'stream-1', conversationId: 'conv-live', viewerCount: 1 });
    await partSoon(element, 'play');
    expect(stateOf(element)).toBe('live');
    expect(element.shadowRoot!.adoptedStyleSheets.length).toBe(shellSheets + 1);
    expect(['grid', 'flex']).toContain(getComputedStyle(element.shadowRoot!.querySelector('.fan-live__layout')!).display);
  });

  it('subscribers only: says so and offers to subscribe, with no player', async () => {
    server.join = lockedJoin('subscribers_only');
    const element = await mount();
    const box = await partSoon(element, 'subscribers-only');
    expect(squash(box.textContent)).toContain('Esta transmissão é só para assinantes de Ana Lima.');
    expect(part(element, 'subscribe')).not.toBeNull();
    expect(part(element, 'play')).toBeNull();
    expect(part(element, 'not-entitled')?.dataset.reason).toBe('subscribers_only');
  });

  it('signed out, a stream that needs a viewer offers the sign-in', async () => {
    await page.session.auth.logout();
    server.join = lockedJoin('sign_in');
    const element = await mount();
    const prompt = await partSoon(element, 'sign-in');
    expect(squash(prompt.textContent)).toContain('Entre para assistir à transmissão de Ana Lima.');
    expect(part(element, 'sign-in-button')).not.toBeNull();
  });

  it('live: the title, viewers, the play button (no hls.js before it), the chat live, and a message sent once', async () => {
    server.messages = [streamMessage(1, { text: 'Boa noite!' })];
    const element = await mount();
    await partSoon(element, 'play');
    expect(part(element, 'title')?.textContent).toBe('Ensaio aberto');
    expect(part(element, 'viewers')?.textContent).toBe('3 assistindo');
    expect(part(element, 'live-badge')?.textContent).toBe('Ao vivo');
    expect(element.shadowRoot?.querySelector('video')).toBeNull();
    await waitFor(() => expect(parts(element, 'text').map((found) => found.textContent)).toEqual(['Boa noite!']));

    page.serverEmit('member-joined', { streamId: 'stream-1', conversationId: 'conv-live', viewerCount: 12 });
    await waitFor(() => expect(part(element, 'viewers')?.textContent).toBe('12 assistindo'));

    page.transport.respond('POST', '/messages/stream/conv-live', (call) => {
      const body = call.options.body as { clientId: string; text: string };
      const stored = server.store(body.text, body.clientId, 'fan-1');
      page.serverEmit('message_created_conversation_conv-live', stored);
      return ok(stored);
    });
    type(part(element, 'input'), 'Olá, Ana!');
    await waitFor(() => expect((part(element, 'send') as HTMLButtonElement).disabled).toBe(false));
    part(element, 'send')!.click();
    await waitFor(() => expect(parts(element, 'text').map((found) => found.textContent)).toEqual(['Boa noite!', 'Olá, Ana!']));
    expect(parts(element, 'message').at(-1)?.dataset.mine).toBeDefined();
  });

  it('live: play fetches the player and, when the link cannot be played, reads a fresh one before saying it failed', async () => {
    const element = await mount();
    (await partSoon(element, 'play')).click();
    await waitFor(() => expect(element.shadowRoot?.querySelector('video[part~="video"]')).not.toBeNull());
    const joins = server.joinCalls().length;
    // The fake platform serves no playlist: hls.js gives up, the join is read again, the link is the same.
    const error = await vi.waitFor(
      () => {
        const found = part(element, 'error');
        if (!found) throw new Error('no error yet');
        return found;
      },
      { interval: 50 },
    );
    expect(error.textContent).toBe('Não foi possível reproduzir a transmissão.');
    expect(server.joinCalls().length).toBe(joins + 1);
  });

  it('live: a tip goes through the platform’s pay with the stream chat', async () => {
    page.transport.respondPay('charge:tip', ok({ _id: 'charge-1', performerId: 'creator-1', price: 10 }));
    const element = await mount();
    (await partSoon(element, 'tip-open')).click();
    const form = await partSoon(element, 'tip');
    form.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    await partSoon(element, 'tip-sent');
    expect(page.pays.map((call) => call.request)).toEqual([
      { action: 'charge:tip', params: { id: 'creator-1' }, body: { price: 10, conversationId: 'conv-live' }, idempotencyKey: expect.any(String) },
    ]);
  });

  it('live: tips and gifts paid in the stream are chat lines among the messages, once each, for this stream only', async () => {
    server.messages = [streamMessage(1, { text: 'Boa noite!' })];
    const element = await mount();
    await partSoon(element, 'play');
    await waitFor(() => expect(parts(element, 'text').map((found) => found.textContent)).toEqual(['Boa noite!']));
    const rose = { _id: 'gift-rose', name: 'Rosa', emoji: '🌹', imageUrl: null };
    const gift = { kind: 'gift', chargeId: 'charge-7', streamId: 'stream-1', conversationId: 'conv-live', sender: { _id: 'fan-2', name: 'Ana Souza', username: 'ana.souza' }, amount: 5, gift: rose, createdAt: '2026-01-01T20:00:05.000Z' };
    page.serverEmit('stream-support', gift);
    // Again (a second process, a replay): still one line; another stream's: none.
    page.serverEmit('stream-support', gift);
    page.serverEmit('stream-support', { ...gift, chargeId: 'charge-8', streamId: 'stream-2' });
    page.serverEmit('stream-support', { ...gift, kind: 'tip', gift: null, chargeId: 'charge-9', amount: 10, sender: { _id: 'fan-3', name: '', username: 'bia' }, createdAt: '2026-01-01T20:00:06.000Z' });
    await waitFor(() => expect(parts(element, 'support')).toHaveLength(2));
    const [giftLine, tipLine] = parts(element, 'support');
    expect(squash(giftLine!.textContent)).toBe('🌹 Ana Souza enviou 🌹 Rosa (R$ 5,00)');
    expect(giftLine!.dataset.kind).toBe('gift');
    expect(squash(giftLine!.querySelector('[part~="support-text"]')?.textContent)).toBe('Ana Souza enviou 🌹 Rosa (R$ 5,00)');
    expect(squash(tipLine!.querySelector('[part~="support-text"]')?.textContent)).toBe('bia enviou uma gorjeta (R$ 10,00)');
    expect(tipLine!.dataset.kind).toBe('tip');
    // In the chat's order: after the message written before it.
    const order = [...element.shadowRoot!.querySelectorAll('[part~="messages"] > li')].map((li) => li.getAttribute('part'));
    expect(order).toEqual(['message', 'support', 'support']);
    expect(part(element, 'empty')).toBeNull();
  });

  it('live: a gift from the catalogue goes through the platform’s pay with the stream', async () => {
    page.transport.respond('GET', '/gifts', ok({ data: [{ _id: 'gift-rose', name: 'Rosa', emoji: '🌹', imageUrl: null, price: 5, ordering: 1, hidden: false, createdAt: '', updatedAt: '' }], total: 1 }));
    page.transport.respondPay('charge:gift', ok({ _id: 'charge-1', performerId: 'creator-1', price: 5 }));
    const element = await mount();
    (await partSoon(element, 'gift-open')).click();
    const gift = await partSoon(element, 'gift');
    expect(gift.getAttribute('aria-label')).toBe('Enviar 🌹 Rosa por R$\u00a05,00');
    gift.click();
    expect(squash((await partSoon(element, 'gift-sent')).textContent)).toBe('🌹 Rosa enviado. Obrigado!');
    expect(page.pays.map((call) => call.request)).toEqual([{ action: 'charge:gift', params: { id: 'gift-rose' }, body: { streamId: 'stream-1' }, idempotencyKey: expect.any(String) }]);
  });

  it('live: an empty gift catalogue says so', async () => {
    page.transport.respond('GET', '/gifts', ok({ data: [], total: 0 }));
    const element = await mount();
    (await partSoon(element, 'gift-open')).click();
    expect(squash((await partSoon(element, 'gifts-empty')).textContent)).toBe('Nenhum presente disponível agora.');
  });

  it('says it is reconnecting while the connection is down, then reads the stream again', async () => {
    const element = await mount();
    await partSoon(element, 'play');
    const joins = server.joinCalls().length;
    page.transport.channel!.setStatus('reconnecting');
    expect(squash((await partSoon(element, 'live-status')).textContent)).toContain('Reconectando');
    page.transport.channel!.setStatus('connected');
    await waitFor(() => expect(part(element, 'live-status')).toBeNull());
    await waitFor(() => expect(server.joinCalls().length).toBe(joins + 1));
  });

  it('ended: says so when the creator leaves', async () => {
    const element = await mount();
    await partSoon(element, 'play');
    server.join = offlineJoin();
    page.serverEmit('model-left', { streamId: 'stream-1', conversationId: 'conv-live', viewerCount: 0 });
    expect(squash((await partSoon(element, 'ended')).textContent)).toContain('A transmissão de Ana Lima terminou.');
    expect(stateOf(element)).toBe('ended');
  });
});
