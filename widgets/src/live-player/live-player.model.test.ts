import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OwnedSession } from '../session/session.js';
import { fail, ok, type FakeLiveChannel, type FakeTransport } from '../session/testing/fake-transport.js';
import { signedInFan } from '../session/testing/signed-in.js';
import { LivePlayerModel, OFFLINE_POLL_MS, stateOfJoin } from './live-player.model.js';
import { liveJoin, lockedJoin, offlineJoin, playlist, serveLive, streamMessage, type FakeLiveServer } from './testing/live-fixtures.js';

let transport: FakeTransport;
let session: OwnedSession;
let server: FakeLiveServer;
let channel: FakeLiveChannel;
let model: LivePlayerModel;

const waitFor = <T>(check: () => T) => vi.waitFor(check, { interval: 10 });

beforeEach(async () => {
  ({ transport, session } = await signedInFan());
  server = serveLive(transport);
  await waitFor(() => expect(transport.channel).not.toBeNull());
  channel = transport.channel!;
  channel.setStatus('connected');
});

afterEach(() => {
  vi.useRealTimers();
  model?.[Symbol.dispose]?.();
  session.dispose();
});

async function open(): Promise<LivePlayerModel> {
  model = new LivePlayerModel(session);
  await model.setCreator('ana.lima');
  return model;
}

describe('live player model: states from the join', () => {
  it('is offline with the last stream when the creator is not live, and without one when the server says offline', async () => {
    server.join = offlineJoin();
    await open();
    expect(model.state.value).toMatchObject({ status: 'offline', join: { stream: { _id: 'stream-1' } } });
    server.join = { status: 404, code: 'streaming.offline' };
    await model.refresh();
    expect(model.state.value).toEqual({ status: 'offline', join: null });
    expect(channel.joined).toEqual([]);
  });

  it('is not entitled, with the reason, for subscribers-only and signed-out viewers', async () => {
    server.join = lockedJoin('subscribers_only');
    await open();
    expect(model.state.value).toMatchObject({ status: 'not-entitled', reason: 'subscribers_only' });
    expect(stateOfJoin(lockedJoin('sign_in'), null)).toMatchObject({ status: 'not-entitled', reason: 'sign_in' });
    // Not allowed to watch: no rooms, no chat.
    expect(channel.joined).toEqual([]);
    expect(transport.calls.some((call) => call.path.startsWith('/messages/stream'))).toBe(false);
  });

  it('is live with the signed playlist, the viewer count, the rooms and the chat page', async () => {
    server.messages = [streamMessage(1), streamMessage(2)];
    await open();
    expect(model.state.value).toMatchObject({ status: 'live', join: { playlistUrl: playlist } });
    expect(model.viewers.value).toBe(3);
    await waitFor(() => expect(model.messages.value.map((message) => message._id)).toEqual(['sm-1', 'sm-2']));
    expect(channel.joined).toEqual(expect.arrayContaining(['stream:stream-1', 'conversation:conv-live']));
  });

  it('goes live by itself when an offline creator starts (model-joined), then ends on model-left', async () => {
    server.join = offlineJoin();
    await open();
    server.join = liveJoin({ _id: 'stream-2' });
    channel.serverEmit('model-joined', { streamId: 'stream-2', conversationId: 'conv-live', viewerCount: 1 });
    await waitFor(() => expect(model.state.value).toMatchObject({ status: 'live', join: { stream: { _id: 'stream-2' } } }));
    await waitFor(() => expect(channel.joined).toContain('stream:stream-2'));
    const joins = server.joinCalls().length;
    channel.serverEmit('model-left', { streamId: 'another', conversationId: 'conv-x', viewerCount: 0 });
    expect(server.joinCalls().length).toBe(joins);
    // Only the camera dropped: the stream is back to `created`, offline until it comes back, in its room.
    server.join = { ...liveJoin({ _id: 'stream-2', state: 'created' }), canWatch: false, reason: 'offline', playlistUrl: null };
    channel.serverEmit('model-left', { streamId: 'stream-2', conversationId: 'conv-live', viewerCount: 0 });
    await waitFor(() => expect(model.state.value).toMatchObject({ status: 'offline', join: { stream: { _id: 'stream-2' } } }));
    expect(channel.left).toContain('conversation:conv-live');
    expect(channel.joined.filter((room) => room === 'stream:stream-2').length).toBeGreaterThanOrEqual(2);
    server.join = liveJoin({ _id: 'stream-2' });
    channel.serverEmit('model-joined', { streamId: 'stream-2', conversationId: 'conv-live', viewerCount: 1 });
    await waitFor(() => expect(model.state.value.status).toBe('live'));
    // Ended for good: finished.
    server.join = offlineJoin({ _id: 'stream-2' });
    channel.serverEmit('model-left', { streamId: 'stream-2', conversationId: 'conv-live', viewerCount: 0 });
    await waitFor(() => expect(model.state.value).toMatchObject({ status: 'ended', join: { stream: { _id: 'stream-2', state: 'finished' } } }));
    // Read again later, it stays ended.
    await model.refresh();
    expect(model.state.value.status).toBe('ended');
  });

  it('ends when staff end the session, and follows the viewer count of its own stream only', async () => {
    await open();
    channel.serverEmit('member-joined', { streamId: 'stream-1', conversationId: 'conv-live', viewerCount: 7 });
    channel.serverEmit('member-joined', { streamId: 'stream-9', conversationId: 'conv-9', viewerCount: 99 });
    expect(model.viewers.value).toBe(7);
    channel.serverEmit('change-stream-info', { streamId: 'stream-1', title: 'Novo título' });
    expect(model.state.value).toMatchObject({ status: 'live', join: { stream: { title: 'Novo título' } } });
    channel.serverEmit('admin-end-session-stream', { streamId: 'stream-1' });
    expect(model.state.value.status).toBe('ended');
  });

  it('reads the join again after a reconnect, and what the chat missed', async () => {
    server.messages = [streamMessage(1)];
    await open();
    await waitFor(() => expect(model.messages.value).toHaveLength(1));
    const joins = server.joinCalls().length;
    channel.setStatus('reconnecting');
    server.messages.push(streamMessage(2));
    channel.setStatus('connected');
    await waitFor(() => expect(model.messages.value.map((message) => message._id)).toEqual(['sm-1', 'sm-2']));
    expect(server.joinCalls().length).toBe(joins + 1);
    const chatQueries = transport.calls.filter((call) => call.path === '/messages/stream/conv-live').map((call) => call.options.query);
    expect(chatQueries.at(-1)).toMatchObject({ sinceSeq: 1 });
  });

  it('answers a fresh playlist link while live, and null once the stream is gone', async () => {
    await open();
    const fresh = `${playlist}&fresh=1`;
    server.join = { ...liveJoin(), playlistUrl: fresh };
    expect(await model.refreshLink()).toBe(fresh);
    server.join = offlineJoin();
    expect(await model.refreshLink()).toBeNull();
    expect(model.state.value.status).toBe('ended');
  });

  it('fails with the error when the first join fails for another reason', async () => {
    transport.respond('GET', '/streaming/join/ana.lima', fail(500, { code: 'server.error' }));
    await open();
    expect(model.state.value).toMatchObject({ status: 'failed', error: { status: 500 } });
  });
});

describe('live player model: a viewer who may not watch', () => {
  it('reads the join again on the timer while the page is visible: the stream ended, or was opened to everyone', async () => {
    // Only the interval is faked: the fake transport and vi.waitFor keep real timeouts.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    server.join = lockedJoin('subscribers_only');
    await open();
    expect(model.state.value.status).toBe('not-entitled');
    const joins = server.joinCalls().length;
    vi.advanceTimersByTime(OFFLINE_POLL_MS - 1);
    expect(server.joinCalls().length).toBe(joins);
    // The creator opened the stream to everyone: no event reaches a viewer outside the room.
    server.join = liveJoin();
    vi.advanceTimersByTime(1);
    await waitFor(() => expect(model.state.value).toMatchObject({ status: 'live', join: { playlistUrl: playlist } }));
    expect(server.joinCalls().length).toBe(joins + 1);
    // Locked again, then the stream ends while locked: offline with the finished stream.
    server.join = lockedJoin('subscribers_only');
    await model.refresh();
    server.join = offlineJoin();
    vi.advanceTimersByTime(OFFLINE_POLL_MS);
    await waitFor(() => expect(model.state.value).toMatchObject({ status: 'offline', join: { stream: { state: 'finished' } } }));
  });

  it('does not read the join on the timer while the page is hidden', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    server.join = lockedJoin('subscribers_only');
    await open();
    const joins = server.joinCalls().length;
    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    try {
      vi.advanceTimersByTime(OFFLINE_POLL_MS * 2);
      expect(server.joinCalls().length).toBe(joins);
    } finally {
      hidden.mockRestore();
    }
  });

  it('reads the join again after a reconnect', async () => {
    server.join = lockedJoin('subscribers_only');
    await open();
    const joins = server.joinCalls().length;
    server.join = offlineJoin();
    channel.setStatus('reconnecting');
    channel.setStatus('connected');
    await waitFor(() => expect(model.state.value).toMatchObject({ status: 'offline', join: { stream: { state: 'finished' } } }));
    expect(server.joinCalls().length).toBe(joins + 1);
  });

  it('reads the join again when the fan subscribes to this creator on the page, not to another', async () => {
    server.join = lockedJoin('subscribers_only');
    await open();
    const joins = server.joinCalls().length;
    const subscribed = (performerId: string) =>
      document.body.dispatchEvent(new CustomEvent('fan-subscribed', { bubbles: true, composed: true, detail: { performerId, subscriptionType: 'monthly', expiredAt: null } }));
    subscribed('creator-9');
    expect(server.joinCalls().length).toBe(joins);
    server.join = liveJoin();
    subscribed('creator-1');
    await waitFor(() => expect(model.state.value.status).toBe('live'));
    expect(server.joinCalls().length).toBe(joins + 1);
    // Live now: another subscription event asks nothing.
    subscribed('creator-1');
    expect(server.joinCalls().length).toBe(joins + 1);
  });

  it('reads the join again when the viewer signs out', async () => {
    server.join = lockedJoin('subscribers_only');
    await open();
    server.join = lockedJoin('sign_in');
    await session.auth.logout();
    await waitFor(() => expect(model.state.value).toMatchObject({ status: 'not-entitled', reason: 'sign_in' }));
  });
});

describe('live player model: the stream chat', () => {
  it('shows a sent message at once, and once when both the socket and the answer bring it', async () => {
    await open();
    await waitFor(() => expect(model.chat.value.status).toBe('ready'));
    let answer: () => void = () => undefined;
    let stored: ReturnType<FakeLiveServer['store']> | null = null;
    transport.respond('POST', '/messages/stream/conv-live', (call) => {
      const body = call.options.body as { clientId: string; text: string };
      stored = server.store(body.text, body.clientId, 'fan-1');
      return new Promise((resolve) => (answer = () => resolve(ok(stored))));
    });
    const sending = model.send('  Oi, Ana!  ');
    expect(model.pending.value).toMatchObject([{ text: 'Oi, Ana!', status: 'sending' }]);
    await waitFor(() => expect(stored).not.toBeNull());
    // The socket is quicker than the answer.
    channel.serverEmit('message_created_conversation_conv-live', stored);
    expect(model.messages.value).toHaveLength(1);
    expect(model.pending.value).toEqual([]);
    answer();
    await sending;
    expect(model.messages.value.map((message) => message.text)).toEqual(['Oi, Ana!']);
    // Another viewer's message, then the same one again (a replay): one line each.
    channel.serverEmit('message_created_conversation_conv-live', streamMessage(2));
    channel.serverEmit('message_created_conversation_conv-live', streamMessage(2));
    channel.serverEmit('message_created_conversation_other', streamMessage(3, { conversationId: 'other' }));
    expect(model.messages.value.map((message) => message._id)).toEqual(['sm-1', 'sm-2']);
  });

  it('keeps a refused message as failed and resends it with the same client id', async () => {
    await open();
    let refuse = true;
    transport.respond('POST', '/messages/stream/conv-live', (call) => {
      const body = call.options.body as { clientId: string; text: string };
      return refuse ? fail(0, undefined) : ok(server.store(body.text, body.clientId, 'fan-1'));
    });
    await model.send('primeira');
    expect(model.pending.value).toMatchObject([{ status: 'failed', text: 'primeira' }]);
    const clientId = model.pending.value[0]!.clientId;
    refuse = false;
    await model.resend(clientId);
    expect(model.pending.value).toEqual([]);
    expect(model.messages.value).toMatchObject([{ text: 'primeira', clientId }]);
    const sent = transport.calls.filter((call) => call.method === 'POST').map((call) => (call.options.body as { clientId: string }).clientId);
    expect(sent).toEqual([clientId, clientId]);
  });
});

describe('live player model: a tip in the stream', () => {
  it('pays charge:tip to the creator with the price and the stream chat, and says when the fan declined', async () => {
    await open();
    transport.respondPay('charge:tip', ok({ _id: 'charge-1', performerId: 'creator-1', price: 15 }));
    const outcome = await model.sendTip(15);
    expect(outcome.ok).toBe(true);
    expect(model.tip.value).toEqual({ step: 'sent', price: 15 });
    expect(transport.payCalls.map((call) => call.request)).toEqual([
      { action: 'charge:tip', params: { id: 'creator-1' }, body: { price: 15, conversationId: 'conv-live' }, idempotencyKey: expect.any(String) },
    ]);
    model.tipAgain();
    transport.confirmPay = () => false;
    await model.sendTip(20);
    expect(model.tip.value).toEqual({ step: 'declined' });
  });

  it('sends no tip while the creator is not live', async () => {
    server.join = offlineJoin();
    await open();
    const outcome = await model.sendTip(10);
    expect(outcome.ok).toBe(false);
    expect(transport.payCalls).toEqual([]);
  });
});
