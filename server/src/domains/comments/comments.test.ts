import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | null, payload?: object) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: token ? { authorization: token } : {} });

async function postBy(token: string, body: object = { type: 'text', text: 'olá' }): Promise<string> {
  const res = await call('POST', '/api/performer/feeds', token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data._id;
}

describe('comments', () => {
  it('fans comment and reply; the creator pins one (only one at a time); lists put the pinned first', async () => {
    const creator = await createUser(t.ctx, { role: 'performer' });
    const creatorToken = await signIn(t.app, creator.email);
    const postId = await postBy(creatorToken);
    const fans = await Promise.all([createUser(t.ctx), createUser(t.ctx)]);
    const [ana, bia] = await Promise.all(fans.map((fan) => signIn(t.app, fan.email)));
    const comment = async (token: string, content: string, parentId?: string) => {
      const res = await call('POST', '/api/comments', token, { objectId: postId, content, ...(parentId ? { parentId } : {}) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { _id: string; isPinned: boolean; totalReply: number };
    };
    const first = await comment(ana!, 'Primeiro!');
    const second = await comment(bia!, 'Lindo');
    await comment(creatorToken, 'Obrigada', first._id);

    expect((await call('PUT', `/api/comments/pin/${second._id}`, ana!)).statusCode).toBe(403);
    expect((await call('PUT', `/api/comments/pin/${first._id}`, creatorToken)).json().data.isPinned).toBe(true);
    expect((await call('PUT', `/api/comments/pin/${second._id}`, creatorToken)).json().data.isPinned).toBe(true);
    const listed = (await call('GET', `/api/comments?objectId=${postId}`, null)).json().data;
    expect(listed.total).toBe(2);
    expect(listed.data.map((c: { content: string; isPinned: boolean }) => [c.content, c.isPinned])).toEqual([
      ['Lindo', true],
      ['Primeiro!', false],
    ]);
    expect(listed.data[1].totalReply).toBe(1);
    const replies = (await call('GET', `/api/comments?objectId=${postId}&parentId=${first._id}`, null)).json().data;
    expect(replies.data.map((c: { content: string }) => c.content)).toEqual(['Obrigada']);
    expect((await call('GET', `/api/comments/pin/view/${postId}`, null)).json().data).toMatchObject({ _id: second._id, content: 'Lindo' });
    await call('PUT', `/api/comments/unpin/${second._id}`, creatorToken);
    expect((await call('GET', `/api/comments/pin/view/${postId}`, null)).json().data).toBeNull();
  });

  it('only the author edits; the author, the creator or an admin removes (replies go too)', async () => {
    const creator = await createUser(t.ctx, { role: 'performer' });
    const creatorToken = await signIn(t.app, creator.email);
    const postId = await postBy(creatorToken);
    const fan = await createUser(t.ctx);
    const fanToken = await signIn(t.app, fan.email);
    const other = await signIn(t.app, (await createUser(t.ctx)).email);
    const created = (await call('POST', '/api/comments', fanToken, { objectId: postId, content: 'oi' })).json().data;
    await call('POST', '/api/comments', creatorToken, { objectId: postId, content: 'resposta', parentId: created._id });

    expect((await call('PUT', `/api/comments/${created._id}`, other, { content: 'hack' })).statusCode).toBe(403);
    expect((await call('PUT', `/api/comments/${created._id}`, fanToken, { content: 'olá' })).json().data.content).toBe('olá');
    expect((await call('DELETE', `/api/comments/${created._id}`, other)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/comments/${created._id}`, creatorToken)).statusCode).toBe(200);
    expect((await call('GET', `/api/comments?objectId=${postId}`, null)).json().data.total).toBe(0);
    expect((await call('GET', `/api/comments?objectId=${postId}&parentId=${created._id}`, null)).json().data.total).toBe(0);
    expect((await call('DELETE', `/api/comments/${created._id}`, fanToken)).json().code).toBe('comments.not_found');
  });

  it('refuses comments on posts the viewer cannot see, empty ones, deep replies and replies across posts', async () => {
    const creator = await createUser(t.ctx, { role: 'performer' });
    const creatorToken = await signIn(t.app, creator.email);
    const postId = await postBy(creatorToken);
    const otherPost = await postBy(creatorToken);
    const draft = await postBy(creatorToken, { type: 'text', text: 'rascunho', status: 'draft' });
    const fanToken = await signIn(t.app, (await createUser(t.ctx)).email);
    const top = (await call('POST', '/api/comments', fanToken, { objectId: postId, content: 'a' })).json().data;
    const reply = (await call('POST', '/api/comments', fanToken, { objectId: postId, content: 'b', parentId: top._id })).json().data;
    const cases: [string, object, number, string][] = [
      ['a draft', { objectId: draft, content: 'x' }, 404, 'feeds.not_found'],
      ['no such post', { objectId: '0123456789abcdef01234567', content: 'x' }, 404, 'feeds.not_found'],
      ['empty', { objectId: postId, content: '   ' }, 400, 'request.invalid'],
      ['a reply to a reply', { objectId: postId, content: 'x', parentId: reply._id }, 422, 'comments.parent_invalid'],
      ['a reply across posts', { objectId: otherPost, content: 'x', parentId: top._id }, 422, 'comments.parent_invalid'],
      ['an unknown kind', { objectType: 'video', objectId: postId, content: 'x' }, 400, 'request.invalid'],
    ];
    for (const [what, body, status, code] of cases) {
      const res = await call('POST', '/api/comments', fanToken, body);
      expect({ what, status: res.statusCode, code: res.json().code }).toEqual({ what, status, code });
    }
    expect((await call('POST', '/api/comments', null, { objectId: postId, content: 'x' })).statusCode).toBe(401);
    expect((await call('GET', `/api/comments?objectId=${draft}`, fanToken)).statusCode).toBe(404);
  });
});
