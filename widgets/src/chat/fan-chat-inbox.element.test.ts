import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoFan, listen, ok, part, parts, signedInPage, type, type WalletPage } from '../wallet/testing/wallet-test-kit.js';
import { FanMessageSentEvent } from './fan-chat-inbox.element.js';
import { bia, conversationDto, messageDto } from './testing/chat-fixtures.js';
import { serveChat, type FakeChatServer } from './testing/chat-server.js';

let page: WalletPage;
let server: FakeChatServer;

// The machine running these may be busy: a flow gets five seconds, not the default one.
const waitFor = <T>(check: () => T) => vi.waitFor(check, { interval: 20 });
const partSoon = (root: Element, name: string) =>
  waitFor(() => {
    const found = part(root, name);
    if (!found) throw new Error(`no [part~="${name}"] yet`);
    return found;
  });
const squash = (text: string | null | undefined) => text?.replace(/\s/g, ' ').trim() ?? null;
const texts = (root: Element, name: string) => parts(root, name).map((found) => squash(found.textContent));

async function mount(attributes: Record<string, string> = {}) {
  const element = document.createElement('fan-chat-inbox');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  await element.rendered;
  return element;
}

/** Signs in again: the session's chat model starts over for the next test, the socket connected. */
async function freshSignIn() {
  await page.session.auth.logout();
  await page.session.auth.login({ username: 'fan.one', password: 'pw' });
  await waitFor(() => expect(page.transport.channel?.closed).toBe(false));
  page.transport.channel!.setStatus('connected');
}

beforeAll(async () => {
  page = await signedInPage(20);
});

beforeEach(async () => {
  localStorage.clear();
  server = serveChat(page.transport, demoFan._id, ['conv-1', 'conv-2']);
  server.conversations = [
    conversationDto({ totalNotSeenMessages: 2 }),
    conversationDto({ _id: 'conv-2', recipientInfo: bia, performerId: bia._id, lastMessage: 'Message deleted!', lastSenderId: demoFan._id }),
  ];
  server.totalUnread = 2;
  server.add(messageDto(1, { text: 'Oi!' }));
  server.add(messageDto(2, { isDeleted: true, text: 'Message deleted!' }));
  await freshSignIn();
  page.transport.calls.length = 0;
});

afterEach(() => {
  document.querySelectorAll('fan-chat-inbox').forEach((element) => element.remove());
});

describe('<fan-chat-inbox>', () => {
  it('signed out, offers the sign-in and asks the platform nothing', async () => {
    await page.session.auth.logout();
    const element = await mount();
    expect(squash((await partSoon(element, 'sign-in')).textContent)).toContain('Entre para ver e enviar mensagens.');
    expect(part(element, 'inbox')?.dataset.state).toBe('signed-out');
    expect(page.transport.calls.some((call) => call.path.startsWith('/conversations') || call.path.startsWith('/messages'))).toBe(false);
  });

  it('says when there is no conversation yet', async () => {
    server.conversations = [];
    server.totalUnread = 0;
    const element = await mount();
    expect(squash((await partSoon(element, 'empty')).textContent)).toBe('Nenhuma conversa ainda.');
    expect(part(element, 'choose')?.textContent).toBe('Escolha uma conversa para ler.');
    expect(part(element, 'total')).toBeNull();
  });

  it('lists conversations with badges and the total; opening one shows its thread, read, with the deleted one in Portuguese', async () => {
    const element = await mount();
    await partSoon(element, 'conversation');
    expect(texts(element, 'name')).toEqual(['Ana Lima', 'Bia Souza']);
    expect(texts(element, 'last')).toEqual(['Oi!', 'Você: Mensagem apagada']);
    expect(texts(element, 'badge')).toEqual(['2']);
    expect(part(element, 'total')?.textContent).toBe('2');

    parts(element, 'conversation')[0]!.click();
    await waitFor(() => expect(parts(element, 'message')).toHaveLength(2));
    expect(part(element, 'inbox')?.dataset.state).toBe('thread');
    expect(part(element, 'thread-name')?.textContent).toBe('Ana Lima');
    expect(texts(element, 'text')).toEqual(['Oi!']);
    expect(part(element, 'deleted')?.textContent).toBe('Mensagem apagada');
    expect(element.shadowRoot?.textContent).not.toContain('Message deleted!');
    // Read on opening: the badges go, and the platform is told.
    await waitFor(() => expect(part(element, 'badge')).toBeNull());
    expect(part(element, 'total')).toBeNull();
    expect(page.transport.calls.some((call) => call.method === 'POST' && call.path === '/messages/read-all/conv-1')).toBe(true);

    parts(element, 'conversation')[1]!.click();
    expect(squash((await partSoon(element, 'empty')).textContent)).toBe('Nenhuma mensagem ainda. Diga olá!');
  });

  it('shows a sent message at once as pending, then stored, and fires fan-message-sent after the answer', async () => {
    const heard = listen<FanMessageSentEvent>('fan-message-sent');
    let answer: (() => void) | undefined;
    let clientId: string | undefined;
    page.transport.respond('POST', '/messages/conversations/conv-1', (call) => {
      const body = call.options.body as { clientId: string; text: string };
      clientId = body.clientId;
      return new Promise((resolve) => (answer = () => resolve(ok(server.add(messageDto(3, { senderId: demoFan._id, clientId: body.clientId, text: body.text }))))));
    });
    try {
      const element = await mount({ conversation: 'conv-1' });
      await waitFor(() => expect(parts(element, 'message')).toHaveLength(2));
      type(part(element, 'input'), 'Tudo bem?');
      await waitFor(() => expect((part(element, 'send') as HTMLButtonElement).disabled).toBe(false));
      part(element, 'send')?.click();

      await waitFor(() => expect(parts(element, 'message').at(-1)?.dataset.state).toBe('pending'));
      const pending = parts(element, 'message').at(-1)!;
      expect(pending.querySelector('[part~="text"]')?.textContent).toBe('Tudo bem?');
      expect(pending.querySelector('[part~="status"]')?.textContent).toBe('Enviando…');
      expect((part(element, 'input') as HTMLTextAreaElement).value).toBe('');
      await waitFor(() => expect(answer).toBeDefined());
      answer!();
      await waitFor(() => expect(parts(element, 'message').at(-1)?.dataset.state).toBe('sent'));
      expect(parts(element, 'message')).toHaveLength(3);
      expect(part(element, 'delete')?.textContent).toBe('Apagar');

      await waitFor(() => expect(heard.events).toHaveLength(1));
      const [event] = heard.events;
      expect(event).toBeInstanceOf(FanMessageSentEvent);
      expect(event?.bubbles && event.composed).toBe(true);
      expect(event?.target).toBe(element);
      expect(event?.detail).toEqual({ conversationId: 'conv-1', messageId: 'msg-3', clientId });
      expect(clientId).toMatch(/^[\w-]{1,64}$/);
    } finally {
      heard.stop();
    }
  });

  it('opens the conversation with the creator it names', async () => {
    page.transport.respond('POST', '/conversations', ok(conversationDto({ _id: 'conv-2', recipientInfo: bia, performerId: bia._id })));
    const element = await mount({ creator: 'bia' });
    await waitFor(() => expect(part(element, 'thread-name')?.textContent).toBe('Bia Souza'));
    expect(page.transport.calls.find((call) => call.method === 'POST' && call.path === '/conversations')?.options.body).toEqual({ source: 'performer', sourceId: 'bia' });
    expect(squash((await partSoon(element, 'empty')).textContent)).toBe('Nenhuma mensagem ainda. Diga olá!');
    // Back (narrow layouts) leaves the thread for the list, even though the page names one.
    part(element, 'back')?.click();
    await waitFor(() => expect(part(element, 'inbox')?.dataset.state).toBe('list'));
    expect(part(element, 'thread')).toBeNull();
  });

  it('unlocks a paid message through the platform’s confirm; its photo then shows', async () => {
    const file = { _id: 'f1', type: 'photo' as const, url: null, thumbnailUrl: null, placeholder: null, width: null, height: null, status: null, durationSeconds: null };
    server.add(messageDto(3, { price: 5, isLocked: true, type: 'photo', text: 'Surpresa', files: [file] }));
    page.transport.respondPay('charge:message', () => {
      const list = server.stored.get('conv-1')!;
      server.stored.set('conv-1', list.map((message) => (message._id === 'msg-3' ? { ...message, isLocked: false, isBought: true, files: [{ ...file, url: 'http://platform.test/files/surpresa.jpg' }] } : message)));
      return ok({ _id: 'charge-1', status: 'success' });
    });
    page.transport.respond('POST', '/messages/msg-3/opened', ok({ success: true }));
    const element = await mount({ conversation: 'conv-1' });
    await partSoon(element, 'unlock');
    const button = part(element, 'unlock-button')!;
    expect(squash(button.textContent)).toBe('Desbloquear por R$ 5,00');
    expect(parts(element, 'message').at(-1)?.dataset.state).toBe('locked');
    button.click();
    const photo = await partSoon(element, 'photo');
    expect(photo.getAttribute('src')).toBe('http://platform.test/files/surpresa.jpg');
    expect(page.pays.map((pay) => [pay.request.action, pay.request.params, pay.confirmed])).toEqual([['charge:message', { id: 'msg-3' }, true]]);
    // Seen once unlocked: opened.
    await waitFor(() => expect(page.transport.calls.some((call) => call.path === '/messages/msg-3/opened')).toBe(true));
  });

  it('shows a photo and an audio from the bytes the bridge fetched for the fan, where the page cannot load their links', async () => {
    const link = (id: string) => `http://platform.test/api/media/files/${id}/medium?v=${demoFan._id}&e=1900000000&s=sig-${id}`;
    const file = { placeholder: null, thumbnailUrl: null, width: 640, height: 480, status: null, durationSeconds: null };
    server.add(messageDto(3, { type: 'photo', files: [{ ...file, _id: 'p1', type: 'photo', url: link('p1') }, { ...file, _id: 'a1', type: 'audio', url: link('a1') }] }));
    page.transport.respondMedia(link('p1'), new Blob(['photo-bytes'], { type: 'image/webp' }));
    page.transport.respondMedia(link('a1'), new Blob(['audio-bytes'], { type: 'audio/mp4' }));
    const element = await mount({ conversation: 'conv-1' });
    const photo = await partSoon(element, 'photo');
    const audio = await partSoon(element, 'audio');
    await waitFor(() => expect(photo.getAttribute('src')).toMatch(/^blob:/));
    await waitFor(() => expect(audio.getAttribute('src')).toMatch(/^blob:/));
    expect(await (await fetch(photo.getAttribute('src')!)).text()).toBe('photo-bytes');
    expect(await (await fetch(audio.getAttribute('src')!)).text()).toBe('audio-bytes');
    expect(photo.getAttribute('alt')).toBe('Foto');
    expect(page.transport.mediaCalls.map((call) => call.url)).toEqual(expect.arrayContaining([link('p1'), link('a1')]));
  });

  it('says when the live connection is reconnecting or lost, and reads what it missed once back', async () => {
    const element = await mount({ conversation: 'conv-1' });
    await waitFor(() => expect(parts(element, 'message')).toHaveLength(2));
    page.transport.channel!.setStatus('reconnecting');
    const banner = await partSoon(element, 'live-status');
    expect(banner.dataset.state).toBe('reconnecting');
    expect(banner.textContent).toBe('Reconectando… As mensagens novas aparecem assim que a conexão voltar.');
    page.transport.channel!.setStatus('failed');
    await waitFor(() => expect(part(element, 'live-status')?.dataset.state).toBe('failed'));

    server.add(messageDto(3, { text: 'Enquanto você estava fora' }));
    page.transport.channel!.setStatus('connected');
    await waitFor(() => expect(part(element, 'live-status')).toBeNull());
    await waitFor(() => expect(texts(element, 'text')).toEqual(['Oi!', 'Enquanto você estava fora']));
  });
});
