/**
 * The bridge host end to end, with the fan's socket played by the test: the page is shown
 * its conversations through page-scoped calls (which carry the page's origin), and then
 * hears only their events; another fan signing in starts from nothing.
 */
import { PAGE_ORIGIN_HEADER } from '@fandeck/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LiveStatus } from '../session/transport.js';
import { BridgeHost } from './bridge-host.js';
import { PAGE_CHANNEL } from './protocol.js';

const socket = vi.hoisted(() => ({
  listeners: new Map<string, Set<(payload: unknown) => void>>(),
  joined: [] as string[],
  emitted: [] as [string, unknown][],
  fire(event: string, payload: unknown) {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(payload);
  },
}));

vi.mock('../live/live-connection.js', () => ({
  createLiveConnection: () => ({
    status: 'connected' as LiveStatus,
    // The bridge relays by name (LiveConnection.relay); it never reads a payload as typed.
    relay(event: string, listener: (payload: unknown) => void) {
      const set = socket.listeners.get(event) ?? new Set();
      socket.listeners.set(event, set);
      set.add(listener);
      return () => set.delete(listener);
    },
    emit(event: string, payload: unknown) {
      socket.emitted.push([event, payload]);
    },
    joinRoom(room: string) {
      socket.joined.push(room);
    },
    leaveRoom() {},
    onStatus() {
      return () => {};
    },
    close() {},
  }),
}));

const embedder = 'https://shop-a.example';
const CREDENTIAL_KEY = 'fandeck.bridge.credential';
const token = 'bridge-scope-test-token-0123456789';

interface Sent {
  path: string;
  headers: Record<string, string>;
}

/** What the platform answers, by path. */
const answers: Record<string, { status: number; data: unknown }> = {
  '/api/conversations': { status: 200, data: { data: [{ _id: 'with-a', type: 'private', performerId: 'creator-a' }], total: 1 } },
  '/api/messages/conversations/with-a': { status: 200, data: { data: [{ _id: 'message-1', conversationId: 'with-a' }], total: 1 } },
  '/api/performer/earning/stats': { status: 200, data: { totalEarnings: 0 } },
  '/api/streaming/join/ana': { status: 200, data: { stream: { _id: 'stream-1', conversationId: 'stream-chat', state: 'broadcasting' }, canWatch: true, playlistUrl: '/hls' } },
};

describe('the bridge forwards a page only what it was shown', () => {
  const sent: Sent[] = [];
  const heard: [string, unknown][] = [];
  let nextId = 1;

  beforeAll(() => {
    sessionStorage.setItem(CREDENTIAL_KEY, JSON.stringify({ token, remember: false }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: URL | string, init: RequestInit = {}) => {
        const path = new URL(String(url)).pathname;
        sent.push({ path, headers: { ...(init.headers as Record<string, string>) } });
        const answer = answers[path] ?? { status: 200, data: {} };
        return new Response(JSON.stringify(answer.status < 300 ? { status: 0, data: answer.data } : answer.data), { status: answer.status, headers: { 'content-type': 'application/json' } });
      }),
    );
    // The bridge posts to its parent, for the embedder's origin only; the test reads what it posts.
    vi.spyOn(window.parent, 'postMessage').mockImplementation((message: unknown) => {
      const data = message as { channel?: string; type?: string; event?: string; payload?: unknown };
      if (data.channel === PAGE_CHANNEL && data.type === 'live-event') heard.push([data.event!, data.payload]);
    });
    new BridgeHost({ embedder, platformOrigin: location.origin, locale: 'pt-BR' }).start();
  });

  afterAll(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    sessionStorage.removeItem(CREDENTIAL_KEY);
  });

  function post(message: object): void {
    const data = { channel: PAGE_CHANNEL, id: nextId++, ...message };
    window.dispatchEvent(new MessageEvent('message', { data, origin: embedder, source: window.parent }));
  }
  async function request(method: string, path: string): Promise<Sent> {
    const before = sent.length;
    post({ type: 'request', method, path });
    await vi.waitFor(() => expect(sent.length).toBe(before + 1));
    // The answer is read (and learnt from) after its fetch resolves.
    await new Promise((resolve) => setTimeout(resolve, 0));
    return sent[before]!;
  }
  /** Fires an event on the fan's socket and answers what reached the page. */
  function fire(event: string, payload: unknown): unknown[] {
    const from = heard.length;
    socket.fire(event, payload);
    return heard.slice(from).map(([, forwarded]) => forwarded);
  }

  it('hears only the conversations its page-scoped calls were answered with, and notifications only on the creator’s own site', async () => {
    post({ type: 'live-open' });
    for (const event of ['message_created', 'message_deleted', 'nofify_read_messages_in_conversation', 'send_notification', 'update_balance']) post({ type: 'live-on', event });
    await vi.waitFor(() => expect(socket.listeners.get('send_notification')?.size).toBe(1));

    // Nothing shown yet: the fan's messages stay with the bridge.
    expect(fire('message_created', { _id: 'm1', conversationId: 'with-a', text: 'oi' })).toEqual([]);

    const listed = await request('GET', '/conversations');
    expect(listed.headers[PAGE_ORIGIN_HEADER]).toBe(embedder);
    await vi.waitFor(() => expect(fire('message_created', { _id: 'm2', conversationId: 'with-a', text: 'oi' })).toEqual([{ _id: 'm2', conversationId: 'with-a', text: 'oi' }]));
    expect(fire('message_created', { _id: 'm3', conversationId: 'with-b', text: 'segredo' })).toEqual([]);
    expect(fire('message_deleted', { _id: 'm3', conversationId: 'with-b' })).toEqual([]);
    expect(fire('nofify_read_messages_in_conversation', { total: 4, conversationId: 'with-a' })).toEqual([{ conversationId: 'with-a' }]);
    expect(fire('nofify_read_messages_in_conversation', { total: 4, conversationId: 'with-b' })).toEqual([]);
    expect(fire('update_balance', { token: -1, balance: 9 })).toEqual([{ token: -1, balance: 9 }]);

    post({ type: 'live-join', room: 'conversation:with-b' });
    post({ type: 'live-emit', event: 'joinRoom', payload: 'conversation:with-b' });
    // A stream chat message would write as the fan in any creator's chat: pages write through the scoped route.
    post({ type: 'live-emit', event: 'stream-chat/send', payload: { conversationId: 'stream-x', clientId: 'c1', text: 'oi' } });
    post({ type: 'live-join', room: 'conversation:with-a' });
    post({ type: 'live-emit', event: 'joinRoom', payload: 'conversation:with-a' });
    await vi.waitFor(() => expect(socket.emitted).toEqual([['joinRoom', 'conversation:with-a']]));
    expect(socket.joined).toEqual(['conversation:with-a']);

    const notification = { _id: 'n1', type: 'subscription.created', data: {} };
    expect(fire('send_notification', notification)).toEqual([]);
    await request('GET', '/performer/earning/stats');
    await vi.waitFor(() => expect(fire('send_notification', notification)).toEqual([notification]));
  });

  it('joins the chat of the stream the page shows once its join answered, even when the page asked first', async () => {
    post({ type: 'live-on', event: 'message_created_conversation_stream-chat' });
    post({ type: 'live-join', room: 'conversation:stream-chat' });
    await vi.waitFor(() => expect(socket.listeners.get('message_created_conversation_stream-chat')?.size).toBe(1));
    expect(socket.joined).not.toContain('conversation:stream-chat');
    expect(fire('message_created_conversation_stream-chat', { _id: 's1', conversationId: 'stream-chat', text: 'oi' })).toEqual([]);

    await request('GET', '/streaming/join/ana');
    await vi.waitFor(() => expect(socket.joined).toContain('conversation:stream-chat'));
    expect(fire('message_created_conversation_stream-chat', { _id: 's2', conversationId: 'stream-chat', text: 'oi' })).toEqual([{ _id: 's2', conversationId: 'stream-chat', text: 'oi' }]);
    // The room the page was refused before stays refused: the join named only the stream's chat.
    expect(socket.joined).not.toContain('conversation:with-b');
  });

  it('forgets what the last fan was shown when the credential changes', async () => {
    expect(fire('message_created', { _id: 'm4', conversationId: 'with-a' })).toHaveLength(1);
    post({ type: 'logout' });
    await vi.waitFor(() => expect(sent.at(-1)?.path).toBe('/api/auth/logout'));
    expect(fire('message_created', { _id: 'm5', conversationId: 'with-a' })).toEqual([]);
    expect(fire('send_notification', { _id: 'n2' })).toEqual([]);
  });
});
