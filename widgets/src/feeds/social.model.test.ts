import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OwnedSession } from '../session/session.js';
import { fail, ok, type FakeTransport, type RecordedCall } from '../session/testing/fake-transport.js';
import { signedInFan } from '../session/testing/signed-in.js';
import { PostSocialModel } from './social.model.js';

let transport: FakeTransport;
let session: OwnedSession;

beforeEach(async () => {
  ({ transport, session } = await signedInFan());
});

afterEach(() => session.dispose());

/** A reply the test releases when it wants, to look at the state in between. */
function held<T>(answer: T) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { reply: async () => (await gate, answer), release };
}

const bodies = (method: string) => transport.calls.filter((c) => c.method === method && c.path === '/reactions').map((c: RecordedCall) => c.options.body);

describe('post social model', () => {
  it('likes at once, keeps the like when the server agrees, and takes it back with DELETE', async () => {
    const add = held(ok({ success: true, action: 'like', active: true }));
    transport.respond('POST', '/reactions', add.reply);
    transport.respond('DELETE', '/reactions', ok({ success: true, action: 'like', active: false }));
    const model = new PostSocialModel(session, 'post-1', { totalLike: 4, isLiked: false, isBookMarked: false });

    const liking = model.toggleLike();
    // Shown before the server answers.
    expect(model.liked.value).toBe(true);
    expect(model.likes.value).toBe(5);
    expect(model.pending.value.has('like')).toBe(true);
    // A second click while the first is on its way sends nothing.
    await model.toggleLike();
    expect(bodies('POST')).toHaveLength(1);
    add.release();
    expect(await liking).toEqual({ ok: true, value: true });
    expect(model.pending.value.size).toBe(0);
    expect(bodies('POST')).toEqual([{ objectType: 'feed', objectId: 'post-1', action: 'like' }]);

    expect(await model.toggleLike()).toEqual({ ok: true, value: false });
    expect(model.liked.value).toBe(false);
    expect(model.likes.value).toBe(4);
    expect(bodies('DELETE')).toEqual([{ objectType: 'feed', objectId: 'post-1', action: 'like' }]);
  });

  it('puts the like and its count back as they were when the server refuses', async () => {
    const refusal = held(fail(404, { statusCode: 404, code: 'feeds.not_found', message: 'No such post' }));
    transport.respond('POST', '/reactions', refusal.reply);
    const model = new PostSocialModel(session, 'post-1', { totalLike: 0, isLiked: false, isBookMarked: false });
    const liking = model.toggleLike();
    expect(model.likes.value).toBe(1);
    refusal.release();
    const outcome = await liking;
    expect(outcome.ok).toBe(false);
    expect(model.liked.value).toBe(false);
    expect(model.likes.value).toBe(0);
    expect(model.error.value).toMatchObject({ status: 404, code: 'feeds.not_found' });
    // The message is the catalogue's, never the server's English.
    expect(model.error.value?.message).not.toBe('No such post');

    // An unlike that fails brings the like back too; the next action clears the error.
    const liked = new PostSocialModel(session, 'post-2', { totalLike: 3, isLiked: true, isBookMarked: false });
    transport.respond('DELETE', '/reactions', fail(0, undefined));
    await liked.toggleLike();
    expect(liked.liked.value).toBe(true);
    expect(liked.likes.value).toBe(3);
    expect(liked.error.value).toMatchObject({ status: 0 });
  });

  it('bookmarks and un-bookmarks, restoring the bookmark when the server refuses', async () => {
    transport.respond('POST', '/reactions', ok({ success: true, action: 'bookmark', active: true }));
    const model = new PostSocialModel(session, 'post-1', { totalLike: 2, isLiked: true, isBookMarked: false });
    expect(await model.toggleBookmark()).toEqual({ ok: true, value: true });
    expect(model.bookmarked.value).toBe(true);
    // A bookmark leaves the likes alone.
    expect(model.likes.value).toBe(2);
    expect(bodies('POST')).toEqual([{ objectType: 'feed', objectId: 'post-1', action: 'bookmark' }]);

    transport.respond('DELETE', '/reactions', fail(500, { statusCode: 500, message: 'boom' }));
    const outcome = await model.toggleBookmark();
    expect(outcome.ok).toBe(false);
    expect(model.bookmarked.value).toBe(true);
  });

  it('takes the counts of a post read again, unless a change is on its way', async () => {
    const model = new PostSocialModel(session, 'post-1', { totalLike: 1, isLiked: false, isBookMarked: false });
    model.sync({ totalLike: 7, isLiked: true, isBookMarked: true });
    expect([model.likes.value, model.liked.value, model.bookmarked.value]).toEqual([7, true, true]);
    const removal = held(ok({}));
    transport.respond('DELETE', '/reactions', removal.reply);
    const unliking = model.toggleLike();
    model.sync({ totalLike: 7, isLiked: true, isBookMarked: true });
    expect(model.liked.value).toBe(false);
    removal.release();
    await unliking;
    expect(model.likes.value).toBe(6);
  });

  it('reports the post once with the reason, and says so when it was reported before (409)', async () => {
    let sent: unknown;
    transport.respond('POST', '/reports', (call) => {
      sent = call.options.body;
      return ok({ _id: 'r1', status: 'pending' });
    });
    const model = new PostSocialModel(session, 'post-1', { totalLike: 0, isLiked: false, isBookMarked: false });
    expect(await model.sendReport('  Conteúdo ofensivo\nDetalhes aqui  ')).toEqual({ ok: true, value: undefined });
    expect(sent).toEqual({ target: 'feed', targetId: 'post-1', title: 'Conteúdo ofensivo', description: 'Conteúdo ofensivo\nDetalhes aqui' });
    expect(model.report.value).toEqual({ status: 'sent' });

    transport.respond('POST', '/reports', fail(409, { statusCode: 409, code: 'reports.duplicate', message: 'You have already reported this', error: 'Conflict' }));
    const again = new PostSocialModel(session, 'post-1', { totalLike: 0, isLiked: false, isBookMarked: false });
    const outcome = await again.sendReport('De novo');
    expect(outcome.ok).toBe(false);
    const state = again.report.value;
    expect(state).toMatchObject({ status: 'failed', error: { status: 409, code: 'reports.duplicate' } });
    // The catalogue's words for the code, not the server's English.
    expect(state.status === 'failed' && state.error.message).toBe('Você já denunciou este conteúdo.');
    again.resetReport();
    expect(again.report.value).toEqual({ status: 'idle' });
  });

  it('sends no report without a reason', async () => {
    const model = new PostSocialModel(session, 'post-1', { totalLike: 0, isLiked: false, isBookMarked: false });
    await model.sendReport('   ');
    expect(transport.calls.some((c) => c.path === '/reports')).toBe(false);
    expect(model.report.value).toEqual({ status: 'idle' });
  });
});
