/**
 * What the bridge forwards from the fan's socket to a third-party page: only the events of
 * conversations the server showed that page (answers of its page-scoped calls, public
 * stream chats, and the chat of a stream the fan may watch there), and notifications only on a site the server accepted as the signed-in
 * creator's own.
 */
import { describe, expect, it } from 'vitest';
import type { TransportResult } from '../session/transport.js';
import { PageScope, type AnsweredCall } from './bridge-scope.js';

const ok = (data: unknown): TransportResult<unknown> => ({ ok: true, status: 200, data });
const refused: TransportResult<unknown> = { ok: false, status: 404, body: { code: 'conversations.not_found' } };
const list = (...ids: string[]) => ok({ data: ids.map((_id) => ({ _id, type: 'private', performerId: 'creator-a' })), total: ids.length });
const page = (template: string): AnsweredCall => ({ template, embed: 'page' });
const forwarded = (scope: PageScope, event: string, payload: unknown) => scope.filter(event, payload)?.payload;

/** A page shown the conversations `mine-1` (a list) and `mine-2` (a message answer); the fan also talks in `theirs`. */
function shown(): PageScope {
  const scope = new PageScope();
  scope.noteAnswer(page('/conversations'), list('mine-1'));
  scope.noteAnswer(page('/messages/conversations/:id'), ok({ _id: 'message-1', conversationId: 'mine-2', senderId: 'fan' }));
  return scope;
}

describe('the live events a page hears', () => {
  it('forwards message events of the conversations the page was shown, and drops the others', () => {
    const scope = shown();
    for (const id of ['mine-1', 'mine-2']) {
      expect(forwarded(scope, 'message_created', { _id: 'm', conversationId: id, text: 'oi' })).toEqual({ _id: 'm', conversationId: id, text: 'oi' });
      expect(forwarded(scope, 'message_deleted', { _id: 'm', conversationId: id })).toEqual({ _id: 'm', conversationId: id });
      expect(scope.filter(`message_created_conversation_${id}`, { conversationId: id })).not.toBeNull();
      expect(scope.filter(`message_deleted_conversation_${id}`, { conversationId: id })).not.toBeNull();
    }
    for (const payload of [{ conversationId: 'theirs', text: 'segredo' }, { text: 'no conversation' }, { conversationId: 42 }, 'mine-1', null]) {
      expect(scope.filter('message_created', payload), JSON.stringify(payload)).toBeNull();
      expect(scope.filter('message_deleted', payload), JSON.stringify(payload)).toBeNull();
    }
    for (const event of ['message_created_conversation_theirs', 'message_deleted_conversation_theirs', 'clear_all_messages_theirs', 'user_joined_theirs']) {
      expect(scope.filter(event, { conversationId: 'mine-1' }), event).toBeNull();
    }
    // A message's own id is not a conversation the page was shown.
    expect(scope.filter('message_created', { conversationId: 'message-1' })).toBeNull();
  });

  it('forwards a read only for a shown conversation, without the total over every creator', () => {
    const scope = shown();
    expect(forwarded(scope, 'nofify_read_messages_in_conversation', { total: 7, conversationId: 'mine-1' })).toEqual({ conversationId: 'mine-1' });
    expect(scope.filter('nofify_read_messages_in_conversation', { total: 7, conversationId: 'theirs' })).toBeNull();
    expect(scope.filter('nofify_read_messages_in_conversation', { total: 7 })).toBeNull();
  });

  it('learns only from answers of page-scoped calls that succeeded, and public stream chats', () => {
    const scope = new PageScope();
    scope.noteAnswer(page('/conversations/:id'), refused);
    scope.noteAnswer({ template: '/users/me', embed: true }, ok({ _id: 'x', conversationId: 'theirs' }));
    scope.noteAnswer({ template: '/performer/earning/stats', embed: 'owner' }, ok({ conversationId: 'theirs' }));
    // A public route answering something that is not a stream chat teaches nothing either.
    scope.noteAnswer({ template: '/conversations/stream/:id', embed: true }, ok({ _id: 'theirs', type: 'private' }));
    expect(scope.filter('message_created', { conversationId: 'theirs' })).toBeNull();
    expect(scope.mayJoin('conversation:theirs')).toBe(false);

    scope.noteAnswer({ template: '/conversations/stream/performer/:id', embed: true }, ok({ _id: 'stream-1', type: 'stream' }));
    expect(scope.filter('message_created_conversation_stream-1', {})).not.toBeNull();
    expect(scope.mayJoin('conversation:stream-1')).toBe(true);

    scope.noteAnswer(page('/conversations/:id'), ok({ _id: 'mine-3', type: 'private' }));
    scope.noteAnswer(page('/messages/conversations/:id'), ok({ data: [{ _id: 'message-2', conversationId: 'mine-4' }], total: 1 }));
    expect(scope.filter('message_created', { conversationId: 'mine-3' })).not.toBeNull();
    expect(scope.filter('message_created', { conversationId: 'mine-4' })).not.toBeNull();
    expect(scope.filter('message_created', { conversationId: 'message-2' })).toBeNull();
  });

  it('learns the chat of the stream a join answer lets the fan watch, and nothing else of it', () => {
    const join = (canWatch: boolean, conversationId: string) =>
      ok({ stream: { _id: `stream-of-${conversationId}`, conversationId, performerId: 'creator-a', state: 'broadcasting' }, canWatch, playlistUrl: canWatch ? '/hls' : null, conversationId: 'beside' });
    const joinCall: AnsweredCall = { template: '/streaming/join/:id', embed: true };
    const scope = new PageScope();
    scope.noteAnswer(joinCall, join(false, 'locked-chat'));
    scope.noteAnswer(joinCall, { ok: false, status: 404, body: { code: 'streaming.not_found' } });
    expect(scope.mayJoin('conversation:locked-chat')).toBe(false);

    scope.noteAnswer(joinCall, join(true, 'stream-chat'));
    expect(scope.mayJoin('conversation:stream-chat')).toBe(true);
    expect(scope.filter('message_created_conversation_stream-chat', { conversationId: 'stream-chat' })).not.toBeNull();
    // Only the stream's own chat: not other ids in the answer, nor the stream's id.
    for (const id of ['beside', 'stream-of-stream-chat', 'locked-chat']) expect(scope.mayJoin(`conversation:${id}`), id).toBe(false);
    // Another route answering the same shape teaches nothing.
    scope.noteAnswer({ template: '/streaming/user/search', embed: true }, join(true, 'elsewhere'));
    expect(scope.mayJoin('conversation:elsewhere')).toBe(false);
  });

  it("forwards notifications only once an owner call succeeded: the creator's own site", () => {
    const scope = shown();
    const notification = { _id: 'n', type: 'subscription.created', data: { actorName: 'Fã' } };
    expect(scope.filter('send_notification', notification)).toBeNull();
    scope.noteAnswer({ template: '/performer/earning/stats', embed: 'owner' }, { ok: false, status: 403, body: { code: 'embeds.origin_not_owned' } });
    expect(scope.filter('send_notification', notification)).toBeNull();
    scope.noteAnswer({ template: '/performer/earning/stats', embed: 'owner' }, ok({ totalEarnings: 0 }));
    expect(forwarded(scope, 'send_notification', notification)).toEqual(notification);
  });

  it('joins only the rooms of shown conversations, forwards other events as they are, and forgets everything for another fan', () => {
    const scope = shown();
    expect(scope.mayJoin('conversation:mine-1')).toBe(true);
    expect(scope.mayJoin('conversation:theirs')).toBe(false);
    expect(scope.mayJoin('stream:whatever')).toBe(true);
    expect(forwarded(scope, 'update_balance', { token: -5, balance: 10 })).toEqual({ token: -5, balance: 10 });
    scope.noteAnswer({ template: '/payout-requests/calculate', embed: 'owner' }, ok({}));

    scope.forget();
    expect(scope.filter('message_created', { conversationId: 'mine-1' })).toBeNull();
    expect(scope.filter('send_notification', {})).toBeNull();
    expect(scope.mayJoin('conversation:mine-1')).toBe(false);
  });
});
