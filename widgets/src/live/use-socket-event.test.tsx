import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { disposeSession, getSession, type Session } from '../session/session.js';
import { createFakeTransport, demoFan, ok, type FakeLiveChannel, type FakeTransport } from '../session/testing/fake-transport.js';
import { ROUTE_CHANGE_EVENT } from './live-options.js';
import { useSocketEvent } from './use-socket-event.js';
import type { SocketEventOptions } from './watch-socket-event.js';

let root: Root | undefined;
let host: HTMLElement | undefined;
let transport: FakeTransport;
let session: Session;
let channel: FakeLiveChannel;

function Listener(props: { onEvent: (payload: unknown) => void; options?: SocketEventOptions }) {
  useSocketEvent('message_created', props.onEvent, props.options);
  return null;
}

function render(node: React.ReactNode): void {
  act(() => root?.render(node));
}

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

beforeEach(async () => {
  transport = createFakeTransport();
  transport.respond('GET', '/users/me', ok(demoFan));
  session = getSession({ transport, lazy: true, onUnauthorized: () => undefined });
  await session.auth.login({ username: 'fan1', password: 'pw' });
  if (!transport.channel) throw new Error('no live channel');
  channel = transport.channel;
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});

afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
  disposeSession();
});

describe('useSocketEvent (spec section 7)', () => {
  it('listens and joins the room only while connected, leaves and re-joins with the connection', () => {
    const received: unknown[] = [];
    render(<Listener onEvent={(payload) => received.push(payload)} options={{ room: 'conversation:1' }} />);
    expect(channel.listenerCount('message_created')).toBe(0);
    expect(channel.joined).toEqual([]);

    act(() => channel.setStatus('connected'));
    expect(channel.listenerCount('message_created')).toBe(1);
    expect(channel.joined).toEqual(['conversation:1']);
    channel.serverEmit('message_created', { text: 'hi' });
    expect(received).toEqual([{ text: 'hi' }]);

    act(() => channel.setStatus('disconnect'));
    expect(channel.listenerCount('message_created')).toBe(0);
    expect(channel.left).toEqual(['conversation:1']);

    act(() => channel.setStatus('reconnecting'));
    act(() => channel.setStatus('connected'));
    expect(channel.listenerCount('message_created')).toBe(1);
    expect(channel.joined).toEqual(['conversation:1', 'conversation:1']);
  });

  it('calls the latest handler without subscribing again', () => {
    const first: unknown[] = [];
    const second: unknown[] = [];
    act(() => channel.setStatus('connected'));
    render(<Listener onEvent={(payload) => first.push(payload)} options={{ room: 'conversation:2' }} />);
    render(<Listener onEvent={(payload) => second.push(payload)} options={{ room: 'conversation:2' }} />);
    channel.serverEmit('message_created', 1);
    expect(first).toEqual([]);
    expect(second).toEqual([1]);
    expect(channel.joined).toEqual(['conversation:2']);
    expect(channel.listenerCount('message_created')).toBe(1);
  });

  it('re-joins after each route change when asked (popstate and fandeck:route-change), not when down', () => {
    act(() => channel.setStatus('connected'));
    render(<Listener onEvent={() => undefined} options={{ room: 'stream:9', rejoinOnRouteChange: true }} />);
    window.dispatchEvent(new Event(ROUTE_CHANGE_EVENT));
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(channel.joined).toEqual(['stream:9', 'stream:9', 'stream:9']);

    act(() => channel.setStatus('disconnect'));
    window.dispatchEvent(new Event(ROUTE_CHANGE_EVENT));
    expect(channel.joined).toHaveLength(3);
  });

  it('without rejoinOnRouteChange a route change does nothing', () => {
    act(() => channel.setStatus('connected'));
    render(<Listener onEvent={() => undefined} options={{ room: 'stream:9' }} />);
    window.dispatchEvent(new Event(ROUTE_CHANGE_EVENT));
    expect(channel.joined).toEqual(['stream:9']);
  });

  it('leaves the room and unsubscribes on unmount, and again when the room changes', () => {
    act(() => channel.setStatus('connected'));
    render(<Listener onEvent={() => undefined} options={{ room: 'conversation:1', rejoinOnRouteChange: true }} />);
    render(<Listener onEvent={() => undefined} options={{ room: 'conversation:3', rejoinOnRouteChange: true }} />);
    expect(channel.left).toEqual(['conversation:1']);
    expect(channel.joined).toEqual(['conversation:1', 'conversation:3']);
    act(() => root?.unmount());
    root = undefined;
    expect(channel.left).toEqual(['conversation:1', 'conversation:3']);
    expect(channel.listenerCount('message_created')).toBe(0);
    window.dispatchEvent(new Event(ROUTE_CHANGE_EVENT));
    expect(channel.joined).toHaveLength(2);
  });

  it('stops when the user signs out', async () => {
    act(() => channel.setStatus('connected'));
    render(<Listener onEvent={() => undefined} options={{ room: 'conversation:1' }} />);
    await act(() => session.auth.logout());
    expect(channel.closed).toBe(true);
    expect(channel.left).toEqual(['conversation:1']);
  });
});
