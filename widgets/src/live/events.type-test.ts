/**
 * Compile-time test of the clients' listeners (run by `tsc`, never by vitest): a listener
 * gets the payload the contract's `ServerEvents` declares, and an event it does not name
 * does not compile. Each `@ts-expect-error` must meet its error, or the unused directive
 * fails the typecheck itself, so a listener loosened back to strings is caught.
 */
import { roomEvents, SERVER_EVENTS } from '@fandeck/contract';
import type { LiveModel } from '../session/live.model.js';
import type { LiveChannel } from '../session/transport.js';
import { useSocketEvent } from './use-socket-event.js';
import { watchSocketEvent } from './watch-socket-event.js';

export function listenersAreTyped(channel: LiveChannel, live: Pick<LiveModel, 'status' | 'channel'>): void {
  // Each listener reads its event's payload with no cast.
  channel.on('update_balance', (payload) => payload.balance.toFixed(2));
  channel.on(SERVER_EVENTS.notification, (notification) => notification._id.length);
  channel.on('model-joined', (presence) => presence.viewerCount + 1);
  channel.on(roomEvents.messageCreated('c'), (message) => message.conversationId.length);
  channel.on(roomEvents.cleared('c'), (cleared) => cleared.conversationId.length);
  watchSocketEvent(live, 'private-call/closed', (closed) => closed.reason === 'timeout');

  // @ts-expect-error an event the contract does not declare
  channel.on('update_balanc', () => undefined);
  // @ts-expect-error an arbitrary string is no event name
  channel.on(String('update_balance'), () => undefined);
  // @ts-expect-error `update_balance` carries numbers
  channel.on('update_balance', (payload) => payload.balance.toUpperCase());
  // @ts-expect-error a notification has no `balance`
  channel.on(SERVER_EVENTS.notification, (payload) => payload.balance);
  // @ts-expect-error a room message is a message, not the clear event
  channel.on(roomEvents.messageCreated('c'), (payload: { conversationId: string; cleared: true }) => payload.cleared);
  // @ts-expect-error a listener for another event's payload
  watchSocketEvent(live, 'private-call/closed', (payload: { redirectUrl: string }) => payload.redirectUrl);
}

/** The React listener, typed the same way. */
export function useListenersAreTyped(): void {
  useSocketEvent('payment_status_callback', ({ redirectUrl }) => redirectUrl.length);
  // @ts-expect-error an event the contract does not declare
  useSocketEvent('payment_status', () => undefined);
  // @ts-expect-error `redirectUrl` is a string
  useSocketEvent('payment_status_callback', ({ redirectUrl }: { redirectUrl: number }) => redirectUrl);
}
