import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers.js';
import { reports } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const report = (token: string | null, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/reports', payload: payload as object, headers: token ? { authorization: token } : {} });

async function scene() {
  const creator = await createUser(t.ctx, { role: 'performer' });
  const creatorToken = await signIn(t.app, creator.email);
  const fan = await createUser(t.ctx);
  const fanToken = await signIn(t.app, fan.email);
  const post = (await t.app.inject({ method: 'POST', url: '/api/performer/feeds', payload: { type: 'text', text: 'oi' }, headers: { authorization: creatorToken } })).json().data._id as string;
  const comment = (await t.app.inject({ method: 'POST', url: '/api/comments', payload: { objectId: post, content: 'feio' }, headers: { authorization: fanToken } })).json().data._id as string;
  return { creator, creatorToken, fan, fanToken, post, comment };
}

describe('POST /reports', () => {
  it('stores a pending report of each kind, naming the creator where it can', async () => {
    const { creator, creatorToken, fan, fanToken, post, comment } = await scene();
    const id = '0123456789abcdef01234567';
    const cases = [
      ['feed', post, creator.id],
      ['performer', creator.id, creator.id],
      ['comment', comment, creator.id],
      ['gallery', id, null],
      ['video', id, null],
      ['message', id, null],
    ] as const;
    for (const [target, targetId, performerId] of cases) {
      const res = await report(fanToken, { target, targetId, title: '  Spam  ', description: 'Propaganda', unknown: 'ignored' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ target, targetId, performerId, title: 'Spam', description: 'Propaganda', status: 'pending' });
    }
    const stored = await t.ctx.db.select().from(reports).where(eq(reports.userId, fan.id));
    expect(stored).toHaveLength(6);
    expect(stored.every((r) => r.status === 'pending')).toBe(true);
    // Without a description (or with `""`), and by someone else for the same target.
    const bare = await report(creatorToken, { target: 'comment', targetId: comment, title: 'x', description: '' });
    expect(bare.json().data).toMatchObject({ description: '', status: 'pending' });
  });

  it('refuses a second report of the same target, unknown targets and bad input', async () => {
    const { fanToken, post, fan } = await scene();
    expect((await report(fanToken, { target: 'feed', targetId: post, title: 'a' })).statusCode).toBe(200);
    const cases: [string, string | null, Record<string, unknown>, number, string, string[]?][] = [
      ['the same target again', fanToken, { target: 'feed', targetId: post, title: 'b' }, 409, 'reports.duplicate'],
      ['an unknown post', fanToken, { target: 'feed', targetId: '0123456789abcdef01234567', title: 'a' }, 404, 'reports.target_not_found'],
      ['a fan as a creator', fanToken, { target: 'performer', targetId: fan.id, title: 'a' }, 404, 'reports.target_not_found'],
      ['an unknown comment', fanToken, { target: 'comment', targetId: 'nope', title: 'a' }, 404, 'reports.target_not_found'],
      ['a video id of the wrong shape', fanToken, { target: 'video', targetId: 'not-an-id', title: 'a' }, 400, 'request.invalid', ['body.targetId']],
      ['an unknown kind', fanToken, { target: 'product', targetId: post, title: 'a' }, 400, 'request.invalid', ['body.target']],
      ['no title', fanToken, { target: 'feed', targetId: post }, 400, 'request.invalid', ['body.title']],
      ['a blank title', fanToken, { target: 'feed', targetId: post, title: '   ' }, 400, 'request.invalid', ['body.title']],
      ['a long description', fanToken, { target: 'feed', targetId: post, title: 'a', description: 'x'.repeat(2001) }, 400, 'request.invalid', ['body.description']],
      ['a long target id', fanToken, { target: 'feed', targetId: 'x'.repeat(65), title: 'a' }, 400, 'request.invalid', ['body.targetId']],
      ['signed out', null, { target: 'feed', targetId: post, title: 'a' }, 401, 'auth.sign_in_required'],
    ];
    for (const [what, who, body, status, code, fields] of cases) {
      const res = await report(who, body);
      expect({ what, status: res.statusCode, code: res.json().code, ...(fields ? { fields: res.json().fields } : {}) }).toEqual({ what, status, code, ...(fields ? { fields } : {}) });
    }
    expect(await t.ctx.db.select().from(reports).where(eq(reports.userId, fan.id))).toHaveLength(1);
  });
});
