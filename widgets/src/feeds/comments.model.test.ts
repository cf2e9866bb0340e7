import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OwnedSession } from '../session/session.js';
import { fail, ok, type FakeTransport, type RecordedCall } from '../session/testing/fake-transport.js';
import { signedInFan } from '../session/testing/signed-in.js';
import { COMMENT_PAGE_SIZE, CommentsModel, type CommentPage } from './comments.model.js';
import type { PostComment } from './social-api.js';

let transport: FakeTransport;
let session: OwnedSession;

beforeEach(async () => {
  ({ transport, session } = await signedInFan());
});

afterEach(() => session.dispose());

const comment = (id: string, minute: number, extra: Partial<PostComment> = {}): PostComment => ({
  _id: id,
  objectId: 'post-1',
  objectType: 'feed',
  parentId: null,
  content: `comentário ${id}`,
  isPinned: false,
  totalReply: 0,
  createdAt: `2026-11-20T10:${String(minute).padStart(2, '0')}:00.000Z`,
  updatedAt: `2026-11-20T10:${String(minute).padStart(2, '0')}:00.000Z`,
  creator: { _id: 'fan-2', username: 'bia', name: 'Bia', avatar: '/files/defaults/avatar.svg' },
  ...extra,
});

const query = (call: RecordedCall) => call.options.query as Record<string, unknown>;
const ids = (page: CommentPage | undefined) => (page?.status === 'ready' ? page.items.map((c) => c._id) : null);

describe('comments model', () => {
  it('reads pages newest first with the pinned one on top, and appends the next without duplicates', async () => {
    const asked: Record<string, unknown>[] = [];
    transport.respond('GET', '/comments', (call) => {
      asked.push(query(call));
      return query(call).offset === 0
        ? ok({ data: [comment('p', 1, { isPinned: true }), comment('c', 9), comment('b', 8)], total: 5 })
        : // A comment written meanwhile shifted the page: 'b' comes again.
          ok({ data: [comment('b', 8), comment('a', 7)], total: 5 });
    });
    const model = new CommentsModel(session, 'post-1');
    expect(model.thread.value).toEqual({ status: 'idle' });
    await model.load();
    expect(asked[0]).toMatchObject({ objectType: 'feed', objectId: 'post-1', offset: 0, limit: COMMENT_PAGE_SIZE, sort: 'desc' });
    expect(ids(model.thread.value)).toEqual(['p', 'c', 'b']);
    await model.more();
    expect(asked[1]).toMatchObject({ offset: 3 });
    expect(ids(model.thread.value)).toEqual(['p', 'c', 'b', 'a']);
    expect(model.thread.value).toMatchObject({ total: 5, loadingMore: false });
  });

  it('says why the comments could not load', async () => {
    transport.respond('GET', '/comments', fail(404, { statusCode: 404, code: 'feeds.not_found', message: 'No such post' }));
    const model = new CommentsModel(session, 'post-1');
    await model.load();
    expect(model.thread.value).toMatchObject({ status: 'failed', error: { status: 404, code: 'feeds.not_found' } });
  });

  it('posts a comment, shown first under the pinned one, and keeps the composer’s failure until the text changes', async () => {
    transport.respond('GET', '/comments', ok({ data: [comment('p', 1, { isPinned: true }), comment('a', 5)], total: 2 }));
    let body: unknown;
    transport.respond('POST', '/comments', (call) => {
      body = call.options.body;
      return ok(comment('new', 30, { content: 'Lindo!', creator: { _id: 'fan-1', username: 'fan.one', name: 'Fan One', avatar: '' } }));
    });
    const model = new CommentsModel(session, 'post-1');
    await model.load();
    const outcome = await model.post('  Lindo!  ');
    expect(outcome.ok).toBe(true);
    expect(body).toEqual({ objectType: 'feed', objectId: 'post-1', content: 'Lindo!' });
    expect(ids(model.thread.value)).toEqual(['p', 'new', 'a']);
    expect(model.thread.value).toMatchObject({ total: 3 });
    expect(model.sending.value.size).toBe(0);

    transport.respond('POST', '/comments', fail(400, { statusCode: 400, code: 'request.invalid', message: 'body.content: too long', fields: ['body.content'] }));
    expect((await model.post('x')).ok).toBe(false);
    expect(model.sending.value.get('')).toMatchObject({ status: 'failed', error: { status: 400 } });
    model.clearSending();
    expect(model.sending.value.size).toBe(0);
    // An empty comment is not sent.
    const calls = transport.calls.length;
    await model.post('   ');
    expect(transport.calls.length).toBe(calls);
  });

  it('reads replies oldest first, adds a reply under its comment and counts it', async () => {
    transport.respond('GET', '/comments', (call) =>
      query(call).parentId === 'a'
        ? ok({ data: [comment('r1', 10, { parentId: 'a' })], total: 1 })
        : ok({ data: [comment('a', 5, { totalReply: 1 })], total: 1 }),
    );
    let body: unknown;
    transport.respond('POST', '/comments', (call) => {
      body = call.options.body;
      return ok(comment('r2', 11, { parentId: 'a' }));
    });
    const model = new CommentsModel(session, 'post-1');
    await model.load();
    await model.loadReplies('a');
    const repliesQuery = query(transport.calls.filter((c) => c.path === '/comments' && c.method === 'GET').at(-1)!);
    expect(repliesQuery).toMatchObject({ parentId: 'a', offset: 0 });
    expect(repliesQuery.sort).toBeUndefined();
    expect(ids(model.replies.value.get('a'))).toEqual(['r1']);

    await model.post('Concordo', 'a');
    expect(body).toEqual({ objectType: 'feed', objectId: 'post-1', content: 'Concordo', parentId: 'a' });
    expect(ids(model.replies.value.get('a'))).toEqual(['r1', 'r2']);
    const thread = model.thread.value;
    expect(thread.status === 'ready' && thread.items[0]!.totalReply).toBe(2);
    // The top-level list and its total are untouched by a reply.
    expect(ids(thread)).toEqual(['a']);
    expect(thread).toMatchObject({ total: 1 });

    // Deleting a reply takes it off and counts it out.
    transport.respond('DELETE', '/comments/r1', ok({ success: true }));
    await model.remove(comment('r1', 10, { parentId: 'a' }));
    expect(ids(model.replies.value.get('a'))).toEqual(['r2']);
    const after = model.thread.value;
    expect(after.status === 'ready' && after.items[0]!.totalReply).toBe(1);
  });

  it('deletes a comment, and keeps it with the reason when the server refuses', async () => {
    transport.respond('GET', '/comments', ok({ data: [comment('a', 5), comment('b', 4)], total: 2 }));
    const model = new CommentsModel(session, 'post-1');
    await model.load();
    transport.respond('DELETE', '/comments/a', fail(404, { statusCode: 404, code: 'comments.not_found', message: 'No such comment' }));
    const refused = await model.remove(comment('a', 5));
    expect(refused.ok).toBe(false);
    expect(ids(model.thread.value)).toEqual(['a', 'b']);
    expect(model.actions.value.get('a')).toMatchObject({ status: 'failed', error: { code: 'comments.not_found' } });

    transport.respond('DELETE', '/comments/a', ok({ success: true }));
    expect((await model.remove(comment('a', 5))).ok).toBe(true);
    expect(ids(model.thread.value)).toEqual(['b']);
    expect(model.thread.value).toMatchObject({ total: 1 });
    expect(model.actions.value.has('a')).toBe(false);
  });

  it('pins a comment to the top (unpinning the one before) and unpins it back into its place', async () => {
    transport.respond('GET', '/comments', ok({ data: [comment('old', 1, { isPinned: true }), comment('c', 9), comment('b', 8)], total: 3 }));
    const model = new CommentsModel(session, 'post-1');
    await model.load();
    transport.respond('PUT', '/comments/pin/b', ok(comment('b', 8, { isPinned: true })));
    expect((await model.pin(comment('b', 8))).ok).toBe(true);
    const pinned = model.thread.value;
    expect(ids(pinned)).toEqual(['b', 'c', 'old']);
    expect(pinned.status === 'ready' && pinned.items.filter((c) => c.isPinned).map((c) => c._id)).toEqual(['b']);

    transport.respond('PUT', '/comments/unpin/b', ok(comment('b', 8)));
    await model.unpin(comment('b', 8, { isPinned: true }));
    const unpinned = model.thread.value;
    expect(ids(unpinned)).toEqual(['c', 'b', 'old']);
    expect(unpinned.status === 'ready' && unpinned.items.some((c) => c.isPinned)).toBe(false);

    // Only the post's creator may pin: a refusal changes nothing.
    transport.respond('PUT', '/comments/pin/c', fail(422, { statusCode: 422, code: 'comments.parent_invalid', message: 'A reply cannot be pinned' }));
    await model.pin(comment('c', 9));
    expect(ids(model.thread.value)).toEqual(['c', 'b', 'old']);
    expect(model.actions.value.get('c')).toMatchObject({ status: 'failed' });
  });

  it('blocks a comment’s author by their user id', async () => {
    let body: unknown;
    transport.respond('POST', '/block/users', (call) => {
      body = call.options.body;
      return ok({ _id: 'fan-2', username: 'bia', name: 'Bia', avatar: '', reason: '', createdAt: '2026-11-20T10:00:00.000Z' });
    });
    const model = new CommentsModel(session, 'post-1');
    expect((await model.block(comment('a', 5))).ok).toBe(true);
    expect(body).toEqual({ targetId: 'fan-2' });
    expect(model.blocked.value.has('fan-2')).toBe(true);
  });
});
