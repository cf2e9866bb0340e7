import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkFans, call, followAll, outreachTestApp, signedIn, staffWith, subscribeAll, uploadPhotoTo, type OutreachTestApp } from './outreach-test-kit.js';

let t: OutreachTestApp;
beforeAll(async () => {
  t = await outreachTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The routes of one row kind, to check ownership the same way for each. */
const ownership = (base: string, code: string, patch: Record<string, unknown>) => async (id: string, token: string) => {
  for (const [method, url] of [['GET', `${base}/${id}`], ['PUT', `${base}/${id}`], ['DELETE', `${base}/${id}`]] as const) {
    const res = await call(t.app, method, url, token, method === 'PUT' ? patch : undefined);
    expect(res.json(), `${method} ${url}`).toMatchObject({ statusCode: 404, code });
  }
};

describe('message templates', () => {
  it('a creator saves, lists, edits and deletes templates; another creator’s are 404', async () => {
    const creator = await signedIn(t, { role: 'performer' });
    const rival = await signedIn(t, { role: 'performer' });
    const upload = await uploadPhotoTo(t.app, '/message-templates/file/photo', creator.token);
    expect(upload.json().data).toMatchObject({ type: 'photo', status: null });
    const photo = upload.json().data._id as string;

    const created = await call(t.app, 'POST', '/message-templates', creator.token, { name: 'Boas-vindas', text: 'Obrigada por assinar!', price: 12.5, fileIds: [photo] });
    expect(created.statusCode, created.body).toBe(200);
    const template = created.json().data;
    expect(template).toMatchObject({ name: 'Boas-vindas', text: 'Obrigada por assinar!', price: 12.5, fileIds: [photo] });
    await call(t.app, 'POST', '/message-templates', creator.token, { name: 'Aniversário', text: 'Parabéns!' });

    const listed = (await call(t.app, 'GET', '/message-templates?sortBy=name&sort=asc', creator.token)).json().data;
    expect(listed.total).toBe(2);
    expect(listed.data.map((x: { name: string }) => x.name)).toEqual(['Aniversário', 'Boas-vindas']);
    expect((await call(t.app, 'GET', '/message-templates?q=anivers', creator.token)).json().data.total).toBe(1);
    expect((await call(t.app, 'GET', '/message-templates', rival.token)).json().data.total).toBe(0);
    await ownership('/message-templates', 'templates.not_found', { name: 'x' })(template._id, rival.token);

    // Only what is sent changes; a price stays only with files.
    const edited = (await call(t.app, 'PUT', `/message-templates/${template._id}`, creator.token, { text: 'Bem-vinda!' })).json().data;
    expect(edited).toMatchObject({ name: 'Boas-vindas', text: 'Bem-vinda!', price: 12.5, fileIds: [photo] });
    expect((await call(t.app, 'PUT', `/message-templates/${template._id}`, creator.token, { fileIds: [] })).json()).toMatchObject({ statusCode: 400, fields: ['body.price'] });
    expect((await call(t.app, 'PUT', `/message-templates/${template._id}`, creator.token, { fileIds: [], price: 0 })).json().data).toMatchObject({ price: 0, fileIds: [] });
    expect((await call(t.app, 'DELETE', `/message-templates/${template._id}`, creator.token)).json().data).toEqual({ success: true });
    expect((await call(t.app, 'GET', `/message-templates/${template._id}`, creator.token)).statusCode).toBe(404);
  });

  it('validates a template like a message, and needs a name', async () => {
    const creator = await signedIn(t, { role: 'performer' });
    const post = (body: Record<string, unknown>) => call(t.app, 'POST', '/message-templates', creator.token, body);
    expect((await post({ text: 'sem nome' })).json()).toMatchObject({ statusCode: 400, fields: ['body.name'] });
    expect((await post({ name: ' ', text: 'x' })).json()).toMatchObject({ statusCode: 400, fields: ['body.name'] });
    expect((await post({ name: 'Vazio' })).json()).toMatchObject({ statusCode: 422, code: 'messages.empty' });
    expect((await post({ name: 'Caro', text: 'x', price: 3 })).json()).toMatchObject({ statusCode: 400, fields: ['body.price'] });
    expect((await post({ name: 'Longo', text: 'x'.repeat(5001) })).json()).toMatchObject({ statusCode: 400, fields: ['body.text'] });
    expect((await post({ name: 'Alheio', fileIds: ['0123456789abcdef01234567'] })).json()).toMatchObject({ statusCode: 422, code: 'messages.files_invalid' });
  });
});

describe('automatic messages', () => {
  it('one per trigger: made, listed, edited, paused and deleted by their creator only', async () => {
    const creator = await signedIn(t, { role: 'performer' });
    const rival = await signedIn(t, { role: 'performer' });
    const follow = (await call(t.app, 'POST', '/auto-messages', creator.token, { trigger: 'follow', text: 'Obrigada por seguir!' })).json().data;
    expect(follow).toMatchObject({ trigger: 'follow', text: 'Obrigada por seguir!', price: 0, fileIds: [], enabled: true });
    expect((await call(t.app, 'POST', '/auto-messages', creator.token, { trigger: 'follow', text: 'De novo' })).json()).toMatchObject({ statusCode: 409, code: 'auto_messages.trigger_taken' });
    // Another creator's follow message is theirs to have.
    expect((await call(t.app, 'POST', '/auto-messages', rival.token, { trigger: 'follow', text: 'Oi' })).statusCode).toBe(200);
    const tip = (await call(t.app, 'POST', '/auto-messages', creator.token, { trigger: 'tip', text: 'Valeu pela gorjeta!', enabled: false })).json().data;
    expect(tip.enabled).toBe(false);

    const listed = (await call(t.app, 'GET', '/auto-messages', creator.token)).json().data;
    expect(listed).toMatchObject({ total: 2 });
    expect(listed.data.map((x: { trigger: string }) => x.trigger).sort()).toEqual(['follow', 'tip']);
    await ownership('/auto-messages', 'auto_messages.not_found', { text: 'x' })(follow._id, rival.token);

    expect((await call(t.app, 'PUT', `/auto-messages/${tip._id}`, creator.token, { trigger: 'follow' })).json()).toMatchObject({ statusCode: 409, code: 'auto_messages.trigger_taken' });
    const moved = (await call(t.app, 'PUT', `/auto-messages/${tip._id}`, creator.token, { trigger: 'subscribe', enabled: true })).json().data;
    expect(moved).toMatchObject({ trigger: 'subscribe', text: 'Valeu pela gorjeta!', enabled: true });
    expect((await call(t.app, 'PUT', `/auto-messages/${follow._id}`, creator.token, { enabled: false })).json().data).toMatchObject({ enabled: false, text: 'Obrigada por seguir!' });
    expect((await call(t.app, 'DELETE', `/auto-messages/${follow._id}`, creator.token)).statusCode).toBe(200);
    // The trigger is free again.
    expect((await call(t.app, 'POST', '/auto-messages', creator.token, { trigger: 'follow', text: 'Nova' })).statusCode).toBe(200);
    expect((await call(t.app, 'POST', '/auto-messages', creator.token, { trigger: 'comment', text: 'x' })).json()).toMatchObject({ statusCode: 400, fields: ['body.trigger'] });
    expect((await call(t.app, 'POST', '/auto-messages', creator.token, { trigger: 'tip' })).json().code).toBe('messages.empty');
  });

  it('staff with auto_message permissions act for a named creator', async () => {
    const creator = await signedIn(t, { role: 'performer' });
    const staff = await staffWith(t, ['auto_message.create', 'auto_message.view']);
    const made = await call(t.app, 'POST', `/auto-messages?performerId=${creator.user.id}`, staff.token, { trigger: 'subscribe', text: 'Bem-vindo' });
    expect(made.statusCode, made.body).toBe(200);
    expect((await call(t.app, 'GET', '/auto-messages', creator.token)).json().data.data[0]._id).toBe(made.json().data._id);
    expect((await call(t.app, 'GET', `/auto-messages?performerId=${creator.user.id}`, staff.token)).json().data.total).toBe(1);
    expect((await call(t.app, 'DELETE', `/auto-messages/${made.json().data._id}`, staff.token)).json()).toMatchObject({ statusCode: 403, code: 'auth.permission_denied' });
  });
});

describe('categorized lists', () => {
  it('a creator keeps lists of their fans; members must follow or have subscribed; another creator’s lists are 404', async () => {
    const creator = await signedIn(t, { role: 'performer' });
    const rival = await signedIn(t, { role: 'performer' });
    const [follower, subscriber, lapsed, stranger] = await bulkFans(t.ctx, 4);
    await followAll(t.ctx, creator.user.id, [follower!]);
    await subscribeAll(t.ctx, creator.user.id, [subscriber!]);
    await subscribeAll(t.ctx, creator.user.id, [lapsed!], { expired: true });

    const created = await call(t.app, 'POST', '/list-categorized', creator.token, { name: 'VIP', description: 'Os melhores', userIds: [follower, subscriber, lapsed, follower] });
    expect(created.statusCode, created.body).toBe(200);
    const list = created.json().data;
    expect(list).toMatchObject({ name: 'VIP', description: 'Os melhores', membersCount: 3 });
    expect([...list.userIds].sort()).toEqual([follower, subscriber, lapsed].sort());

    for (const userIds of [[stranger], [follower, '0123456789abcdef01234567'], [rival.user.id]]) {
      const res = await call(t.app, 'POST', '/list-categorized', creator.token, { name: 'Errada', userIds });
      expect(res.json(), JSON.stringify(userIds)).toMatchObject({ statusCode: 422, code: 'lists.members_invalid' });
    }
    // The rival's follower is not the creator's.
    await followAll(t.ctx, rival.user.id, [stranger!]);
    expect((await call(t.app, 'PUT', `/list-categorized/${list._id}`, creator.token, { userIds: [stranger] })).json().code).toBe('lists.members_invalid');

    await ownership('/list-categorized', 'lists.not_found', { name: 'x' })(list._id, rival.token);
    const edited = (await call(t.app, 'PUT', `/list-categorized/${list._id}`, creator.token, { name: 'Super VIP', userIds: [subscriber] })).json().data;
    expect(edited).toMatchObject({ name: 'Super VIP', description: 'Os melhores', userIds: [subscriber], membersCount: 1 });
    expect((await call(t.app, 'PUT', `/list-categorized/${list._id}`, creator.token, { description: '' })).json().data).toMatchObject({ userIds: [subscriber], description: '' });
    await call(t.app, 'POST', '/list-categorized', creator.token, { name: 'Novos' });
    const all = (await call(t.app, 'GET', '/list-categorized?sortBy=name&sort=asc', creator.token)).json().data;
    expect(all).toMatchObject({ total: 2, data: [{ name: 'Novos', membersCount: 0, userIds: [] }, { name: 'Super VIP', membersCount: 1 }] });
    expect((await call(t.app, 'GET', '/list-categorized?q=vip', creator.token)).json().data.total).toBe(1);
    expect((await call(t.app, 'GET', '/list-categorized', rival.token)).json().data.total).toBe(0);
    expect((await call(t.app, 'POST', '/list-categorized', creator.token, { name: '' })).json()).toMatchObject({ statusCode: 400, fields: ['body.name'] });

    expect((await call(t.app, 'DELETE', `/list-categorized/${list._id}`, creator.token)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/list-categorized/${list._id}`, creator.token)).json().code).toBe('lists.not_found');
  });

  it('staff read a creator’s lists with list_categorized.view; without it, 403', async () => {
    const creator = await signedIn(t, { role: 'performer' });
    const list = (await call(t.app, 'POST', '/list-categorized', creator.token, { name: 'Amigos' })).json().data;
    const other = await staffWith(t, ['mass_message.all']);
    expect((await call(t.app, 'GET', `/list-categorized/${list._id}`, other.token)).json().code).toBe('auth.permission_denied');
    const viewer = await staffWith(t, ['list_categorized.view']);
    expect((await call(t.app, 'GET', `/list-categorized/${list._id}`, viewer.token)).json().data.name).toBe('Amigos');
    expect((await call(t.app, 'GET', `/list-categorized?performerId=${creator.user.id}`, viewer.token)).json().data.total).toBe(1);
    const fan = await signedIn(t);
    expect((await call(t.app, 'GET', '/list-categorized', fan.token)).statusCode).toBe(403);
  });
});
