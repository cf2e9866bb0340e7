/**
 * Compile-time test of the server's emits (run by `tsc`, never by vitest): an event the
 * contract's `ServerEvents` does not name, or a payload other than the one it declares, does
 * not compile. Each `@ts-expect-error` must meet its error, or the unused directive fails the
 * typecheck itself, so a loosened signature is caught as surely as a wrong call.
 */
import { roomEvents, SERVER_EVENTS, type MessageDeletedEvent } from '@fandeck/contract';
import type { Realtime } from './realtime.js';

export function emitsAreTyped(realtime: Realtime, deleted: MessageDeletedEvent): void {
  // The contract's events with their payloads compile, fixed names and room names alike.
  realtime.emitToUser('user-1', 'update_balance', { token: -2, balance: 8 });
  realtime.emitToUser('user-1', SERVER_EVENTS.paymentStatus, { redirectUrl: '/wallet' });
  realtime.emitToRoom('stream:1', 'model-joined', { streamId: 's', conversationId: 'c', viewerCount: 1, userId: 'u' });
  realtime.emitToRoom('conversation:1', roomEvents.messageDeleted('c'), deleted);
  realtime.emitToRoom('conversation:1', roomEvents.cleared('c'), { conversationId: 'c' });

  // @ts-expect-error an event the contract does not declare
  realtime.emitToUser('user-1', 'update_balanc', { token: -2, balance: 8 });
  // @ts-expect-error a room event the contract does not declare
  realtime.emitToRoom('stream:1', 'hello', {});
  // @ts-expect-error `update_balance` carries the balance after the change too
  realtime.emitToUser('user-1', 'update_balance', { token: -2 });
  // @ts-expect-error `balance` is a number
  realtime.emitToUser('user-1', 'update_balance', { token: -2, balance: '8' });
  // @ts-expect-error `model-joined` carries the stream's presence, not a bare id
  realtime.emitToRoom('stream:1', 'model-joined', { streamId: 's' });
  // @ts-expect-error a room deletion carries the deleted message's marker, not the clear event's
  realtime.emitToRoom('conversation:1', roomEvents.messageDeleted('c'), { conversationId: 'c' });
  // @ts-expect-error an arbitrary string is no event name
  realtime.emitToUser('user-1', String('update_balance'), { token: -2, balance: 8 });
}
