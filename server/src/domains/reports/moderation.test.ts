import { describe, expect, it } from 'vitest';
import { createUser } from '../../../test/helpers.js';
import { useStaffTestApp } from '../staff/staff-test-kit.js';

const kit = useStaffTestApp(27);
const { token, call } = kit;

/** A creator's post, reported by a fan; answers the ids and tokens. */
async function reportedPost(text: string) {
  const creator = await createUser(kit.t.ctx, { role: 'performer' });
  const fan = await createUser(kit.t.ctx);
  const creatorToken = await token(creator.email);
  const fanToken = await token(fan.email);
  const post = await call('POST', '/performer/feeds', creatorToken, { type: 'text', text });
  expect(post.statusCode, post.body).toBe(200);
  const report = await call('POST', '/reports', fanToken, { target: 'feed', targetId: post.json().data._id, title: 'Spam', description: 'Propaganda' });
  expect(report.statusCode, report.body).toBe(200);
  return { creator, creatorToken, fan, fanToken, postId: post.json().data._id as string, reportId: report.json().data._id as string };
}

describe('the reports queue', () => {
  it('lists a pending report with the item, its author and who reported it', async () => {
    const r = await reportedPost('Compre agora');
    const queue = (await call('GET', '/admin/reports?pageSize=100', kit.admin)).json().data.data;
    expect(queue.find((item: { _id: string }) => item._id === r.reportId)).toMatchObject({
      target: 'feed', status: 'pending', resolution: null, title: 'Spam',
      item: { text: 'Compre agora', hidden: false, exists: true },
      author: { _id: r.creator.id }, reporter: { _id: r.fan.id },
    });
  });

  it('hides a post from fans (its creator still sees it) and records the manager’s action', async () => {
    const r = await reportedPost('Oculte-me');
    const moderator = await kit.newManager(['block.all']);
    const manager = await token(moderator.email);
    expect((await call('GET', `/user/feeds/${r.postId}`, r.fanToken)).statusCode).toBe(200);
    const acted = await call('POST', `/admin/reports/${r.reportId}/action`, manager, { action: 'hide' });
    expect(acted.statusCode, acted.body).toBe(200);
    expect(acted.json().data).toMatchObject({ status: 'resolved', resolution: 'hide', item: { hidden: true } });
    expect((await call('GET', `/user/feeds/${r.postId}`, r.fanToken)).statusCode).toBe(404);
    expect((await call('GET', `/user/feeds/search/${r.creator.username}`, r.fanToken)).json().data.total).toBe(0);
    expect((await call('GET', '/performer/feeds', r.creatorToken)).json().data.total).toBe(1);

    const log = (await call('GET', `/admin/audit-log?actorId=${moderator.id}`, kit.admin)).json().data.data;
    expect(log).toEqual([expect.objectContaining({ action: 'admin.reports.act', permission: 'block.all', targets: { id: r.reportId }, summary: { action: 'hide' } })]);
  });

  it('dismisses, warns (a notification) and suspends the author', async () => {
    const dismissed = await reportedPost('Nada de errado');
    expect((await call('POST', `/admin/reports/${dismissed.reportId}/action`, kit.admin, { action: 'dismiss' })).json().data).toMatchObject({ status: 'rejected', resolution: 'dismiss' });
    expect((await call('GET', `/user/feeds/${dismissed.postId}`, dismissed.fanToken)).statusCode).toBe(200);

    const warned = await reportedPost('Aviso');
    expect((await call('POST', `/admin/reports/${warned.reportId}/action`, kit.admin, { action: 'warn', note: 'Sem spam' })).statusCode).toBe(200);
    const inbox = (await call('GET', '/notification', warned.creatorToken)).json().data.data;
    expect(inbox[0]).toMatchObject({ type: 'moderation.warning' });

    expect((await call('POST', `/admin/reports/${warned.reportId}/action`, kit.admin, { action: 'suspend' })).json().data.author).toMatchObject({ status: 'inactive' });
    expect((await call('GET', '/users/me', warned.creatorToken)).json().code).toBe('auth.account_inactive');
  });

  it('refuses a fan, an unknown report and hiding a creator', async () => {
    const r = await reportedPost('Outro');
    expect((await call('GET', '/admin/reports', r.fanToken)).json().code).toBe('auth.permission_denied');
    expect((await call('POST', '/admin/reports/nope/action', kit.admin, { action: 'dismiss' })).json().code).toBe('reports.not_found');
    const creatorReport = await call('POST', '/reports', r.fanToken, { target: 'performer', targetId: r.creator.id, title: 'Perfil falso' });
    expect((await call('POST', `/admin/reports/${creatorReport.json().data._id}/action`, kit.admin, { action: 'hide' })).json().code).toBe('reports.cannot_hide');
    expect((await call('POST', `/admin/reports/${r.reportId}/action`, kit.admin, { action: 'ban' })).statusCode).toBe(400);
  });
});
