import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paths, routes } from '@fandeck/contract';
import { files, jobs, massMessages, settings } from '../../db/schema/index.js';
import { multipartForm } from '../../../test/helpers.js';
import { makeVideo } from '../../../test/media-fixtures.js';
import { settableClock } from '../subscriptions/subscriptions-test-kit.js';
import { massKey } from './mass-send.job.js';
import { bulkFans, call, followAll, markOpened, signedIn, staffWith, subscribeAll, uploadPhotoTo, withOutreachTestApp, type OutreachTestApp } from './outreach-test-kit.js';

const clock = settableClock(new Date('2027-05-02T09:00:00.000Z'));
let t: OutreachTestApp;
withOutreachTestApp((app) => (t = app), clock.now);

const later = (ms = 3_600_000) => new Date(clock.now().getTime() + ms).toISOString();
const queuedJobs = async (id: string) => (await t.ctx.db.select().from(jobs).where(eq(jobs.singletonKey, massKey(id)))).filter((j) => j.status === 'queued');

describe('mass message routes', () => {
  it('serves exactly the contract’s mass message, template, automatic message and list routes, and the broadcast', () => {
    const names = Object.keys(routes).filter((name) => /^(massMessages|templates|autoMessages|lists)\./.test(name) || name === 'messages.broadcast');
    expect(names).toHaveLength(26);
    for (const name of names) {
      const route = routes[name as keyof typeof routes];
      expect(t.app.hasRoute({ method: route.method, url: `/api${paths[name as keyof typeof paths]}` }), name).toBe(true);
    }
  });

  it('a creator makes, reads, lists, edits and deletes their scheduled messages; another creator sees a 404', async () => {
    const creator = await signedIn(t, { role: 'performer' });
    const rival = await signedIn(t, { role: 'performer' });
    const at = later();
    const created = await call(t.app, 'POST', '/mass-message', creator.token, { text: 'Novidades amanhã', audience: { kind: 'followers' }, scheduledAt: at });
    expect(created.statusCode, created.body).toBe(200);
    const mass = created.json().data;
    expect(mass).toMatchObject({ performerId: creator.user.id, text: 'Novidades amanhã', price: 0, fileIds: [], audience: { kind: 'followers' }, status: 'scheduled', scheduledAt: at, sentAt: null, recipientsCount: 0, openedCount: 0 });
    expect(await queuedJobs(mass._id)).toHaveLength(1);

    expect((await call(t.app, 'GET', `/mass-message/${mass._id}`, creator.token)).json().data).toEqual(mass);
    const listed = (await call(t.app, 'GET', '/mass-message?status=scheduled', creator.token)).json().data;
    expect(listed).toMatchObject({ total: 1, data: [{ _id: mass._id }] });
    expect((await call(t.app, 'GET', '/mass-message?status=sent', creator.token)).json().data.total).toBe(0);

    for (const [method, url] of [['GET', `/mass-message/${mass._id}`], ['PUT', `/mass-message/${mass._id}`], ['DELETE', `/mass-message/${mass._id}`], ['GET', `/mass-message/${mass._id}/opened`]] as const) {
      const res = await call(t.app, method, url, rival.token, method === 'PUT' ? { text: 'mine now' } : undefined);
      expect(res.json(), `${method} ${url}`).toMatchObject({ statusCode: 404, code: 'mass_messages.not_found' });
    }
    expect((await call(t.app, 'GET', '/mass-message', rival.token)).json().data.total).toBe(0);

    const edited = await call(t.app, 'PUT', `/mass-message/${mass._id}`, creator.token, { text: 'Novidades hoje', audience: { kind: 'subscribers' } });
    expect(edited.json().data).toMatchObject({ text: 'Novidades hoje', audience: { kind: 'subscribers' }, scheduledAt: at, status: 'scheduled' });

    // Deleting cancels its job: nothing is left to send.
    expect((await call(t.app, 'DELETE', `/mass-message/${mass._id}`, creator.token)).json()).toEqual({ status: 0, data: { success: true } });
    expect(await queuedJobs(mass._id)).toHaveLength(0);
    expect((await call(t.app, 'GET', `/mass-message/${mass._id}`, creator.token)).statusCode).toBe(404);
    clock.advance(7_200_000);
    expect(await t.ctx.jobs.drain()).toBe(0);
  });

  it('a message being sent or sent may be neither edited nor deleted', async () => {
    const creator = await signedIn(t, { role: 'performer' });
    await followAll(t.ctx, creator.user.id, await bulkFans(t.ctx, 2));
    const mass = (await call(t.app, 'POST', '/mass-message', creator.token, { text: 'Agora', audience: { kind: 'followers' } })).json().data;
    expect(mass).toMatchObject({ status: 'scheduled', scheduledAt: null });
    await t.ctx.jobs.drain();
    expect((await call(t.app, 'GET', `/mass-message/${mass._id}`, creator.token)).json().data).toMatchObject({ status: 'sent', recipientsCount: 2 });
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await call(t.app, method, `/mass-message/${mass._id}`, creator.token, method === 'PUT' ? { text: 'Editado' } : undefined);
      expect(res.json()).toMatchObject({ statusCode: 422, code: 'mass_messages.not_editable' });
    }
    await t.ctx.db.update(massMessages).set({ status: 'sending' }).where(eq(massMessages.id, mass._id));
    expect((await call(t.app, 'DELETE', `/mass-message/${mass._id}`, creator.token)).json().code).toBe('mass_messages.not_editable');
  });

  it('validates the body: price limits and files, text or files, the schedule, the audience', async () => {
    const creator = await signedIn(t, { role: 'performer' });
    const rival = await signedIn(t, { role: 'performer' });
    const photo = (await uploadPhotoTo(t.app, '/mass-message/file/photo', creator.token)).json().data._id as string;
    const rivalsPhoto = (await uploadPhotoTo(t.app, '/mass-message/file/photo', rival.token)).json().data._id as string;
    const rivalsList = (await call(t.app, 'POST', '/list-categorized', rival.token, { name: 'Deles' })).json().data._id as string;
    const audience = { kind: 'subscribers' };
    const post = (body: Record<string, unknown>) => call(t.app, 'POST', '/mass-message', creator.token, { audience, ...body });

    expect((await post({ text: 'x', price: -1, fileIds: [photo] })).json()).toMatchObject({ statusCode: 400, code: 'request.invalid', fields: ['body.price'] });
    expect((await post({ text: 'x', price: 1.234, fileIds: [photo] })).json()).toMatchObject({ statusCode: 400, fields: ['body.price'] });
    expect((await post({ text: 'x', price: 10000.01, fileIds: [photo] })).json()).toMatchObject({ statusCode: 400, code: 'request.invalid', fields: ['body.price'] });
    expect((await post({ text: 'x', price: 5 })).json()).toMatchObject({ statusCode: 400, fields: ['body.price'] });
    // The maximum is the tip maximum setting, read on every call.
    await t.ctx.db.update(settings).set({ value: 50 }).where(eq(settings.key, 'maxTipAmount'));
    expect((await post({ text: 'x', price: 50.01, fileIds: [photo] })).json()).toMatchObject({ statusCode: 400, fields: ['body.price'] });
    const paid = await post({ text: 'Foto exclusiva', price: 50, fileIds: [photo] });
    expect(paid.json().data).toMatchObject({ price: 50, fileIds: [photo] });
    await t.ctx.db.update(settings).set({ value: 10000 }).where(eq(settings.key, 'maxTipAmount'));
    expect((await post({ price: 0, fileIds: [photo] })).json().data).toMatchObject({ text: '', price: 0 });

    expect((await post({ text: '   ' })).json()).toMatchObject({ statusCode: 422, code: 'messages.empty' });
    expect((await post({ text: 'x', fileIds: [rivalsPhoto] })).json()).toMatchObject({ statusCode: 422, code: 'messages.files_invalid' });
    expect((await post({ text: 'x', fileIds: [photo, photo] })).json()).toMatchObject({ statusCode: 422, code: 'messages.files_invalid' });
    // Any file of the creator's that is not a message upload (an avatar, a post's photo) is refused too.
    await t.ctx.db.update(files).set({ purpose: 'feed-photo' }).where(eq(files.id, rivalsPhoto));
    expect((await call(t.app, 'POST', '/mass-message', rival.token, { audience, fileIds: [rivalsPhoto] })).json().code).toBe('messages.files_invalid');

    expect((await post({ text: 'x', scheduledAt: new Date(clock.now().getTime() - 1000).toISOString() })).json()).toMatchObject({ statusCode: 400, fields: ['body.scheduledAt'] });
    expect((await post({ text: 'x', scheduledAt: 'tomorrow' })).json()).toMatchObject({ statusCode: 400, fields: ['body.scheduledAt'] });
    expect((await call(t.app, 'POST', '/mass-message', creator.token, { text: 'x' })).json()).toMatchObject({ statusCode: 400, fields: ['body.audience'] });
    expect((await post({ text: 'x', audience: { kind: 'everyone' } })).json()).toMatchObject({ statusCode: 400 });
    expect((await post({ text: 'x', audience: { kind: 'lists' } })).json()).toMatchObject({ statusCode: 422, code: 'mass_messages.audience_invalid' });
    expect((await post({ text: 'x', audience: { kind: 'lists', listIds: [rivalsList] } })).json()).toMatchObject({ statusCode: 422, code: 'mass_messages.audience_invalid' });
    expect((await post({ text: 'x', audience: { kind: 'followers', listIds: [rivalsList] } })).json().code).toBe('mass_messages.audience_invalid');
  });

  it('a creator whose documents are not approved sends free messages only', async () => {
    const pending = await signedIn(t, { role: 'performer', verifiedDocument: false });
    const photo = (await uploadPhotoTo(t.app, '/mass-message/file/photo', pending.token)).json().data._id as string;
    const paid = await call(t.app, 'POST', '/mass-message', pending.token, { audience: { kind: 'subscribers' }, price: 5, fileIds: [photo] });
    expect(paid.json()).toMatchObject({ statusCode: 403, code: 'performers.not_verified' });
    expect((await call(t.app, 'POST', '/mass-message', pending.token, { audience: { kind: 'subscribers' }, fileIds: [photo] })).statusCode).toBe(200);
  });

  it('uploads a photo as the creator’s message file, with a link for the uploader', async () => {
    const creator = await signedIn(t, { role: 'performer' });
    const res = await uploadPhotoTo(t.app, '/mass-message/file/photo', creator.token);
    expect(res.statusCode, res.body).toBe(200);
    const upload = res.json().data;
    expect(upload).toMatchObject({ type: 'photo', status: null });
    expect(upload.url).toMatch(new RegExp(`^http://fandeck\\.test/api/media/files/${upload._id}/`));
    const [file] = await t.ctx.db.select().from(files).where(eq(files.id, upload._id));
    expect(file).toMatchObject({ ownerId: creator.user.id, purpose: 'message-photo' });
    const served = await t.app.inject({ method: 'GET', url: upload.url.replace('http://fandeck.test', ''), headers: { authorization: creator.token } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('uploads a video for a template: answered at once while it transcodes; anything else is refused', async () => {
    const creator = await signedIn(t, { role: 'performer' });
    const clip = path.join(mkdtempSync(path.join(os.tmpdir(), 'fandeck-outreach-')), 'clip.mp4');
    makeVideo(clip, { width: 160, height: 120, seconds: 1, audio: false });
    const upload = (data: Buffer) => {
      const form = multipartForm([{ name: 'file', filename: 'clip.mp4', contentType: 'video/mp4', data }]);
      return t.app.inject({ method: 'POST', url: '/api/message-templates/file/video', payload: form.payload, headers: { ...form.headers, authorization: creator.token } });
    };
    const res = await upload(readFileSync(clip));
    expect(res.statusCode, res.body).toBe(200);
    const video = res.json().data;
    expect(video).toMatchObject({ type: 'video', url: null, status: 'processing' });
    const [file] = await t.ctx.db.select().from(files).where(eq(files.id, video._id));
    expect(file).toMatchObject({ ownerId: creator.user.id, purpose: 'message-video', status: 'processing' });
    expect((await t.ctx.db.select().from(jobs).where(eq(jobs.singletonKey, `transcode:${video._id}`))).length).toBe(1);
    // A template may carry it while it is still processing.
    expect((await call(t.app, 'POST', '/message-templates', creator.token, { name: 'Vídeo', fileIds: [video._id] })).statusCode).toBe(200);
    expect((await upload(Buffer.from('%PDF-1.4 not a video at all'))).statusCode).toBeGreaterThanOrEqual(400);
  });

  it('fans may not use any of it; staff need the permission of the action and name the creator where they create or list', async () => {
    const creator = await signedIn(t, { role: 'performer' });
    const fan = await signedIn(t);
    expect((await call(t.app, 'GET', '/mass-message', fan.token)).json()).toMatchObject({ statusCode: 403, code: 'auth.role_forbidden' });
    expect((await uploadPhotoTo(t.app, '/mass-message/file/photo', fan.token)).statusCode).toBe(403);
    const mass = (await call(t.app, 'POST', '/mass-message', creator.token, { text: 'Oi', audience: { kind: 'followers' }, scheduledAt: later() })).json().data;

    const none = await staffWith(t, []);
    expect((await call(t.app, 'GET', `/mass-message/${mass._id}`, none.token)).json()).toMatchObject({ statusCode: 403, code: 'auth.permission_denied' });
    const viewer = await staffWith(t, ['mass_message.view']);
    expect((await call(t.app, 'GET', `/mass-message/${mass._id}`, viewer.token)).json().data._id).toBe(mass._id);
    expect((await call(t.app, 'GET', '/mass-message', viewer.token)).json()).toMatchObject({ statusCode: 400, fields: ['querystring.performerId'] });
    expect((await call(t.app, 'GET', `/mass-message?performerId=${creator.user.id}`, viewer.token)).json().data.total).toBe(1);
    expect((await call(t.app, 'GET', `/mass-message?performerId=${fan.user.id}`, viewer.token)).json().code).toBe('performers.not_found');
    expect((await call(t.app, 'PUT', `/mass-message/${mass._id}`, viewer.token, { text: 'x' })).statusCode).toBe(403);

    const manager = await staffWith(t, ['mass_message.all']);
    expect((await call(t.app, 'PUT', `/mass-message/${mass._id}`, manager.token, { text: 'Oi, pessoal' })).json().data.text).toBe('Oi, pessoal');
    const made = await call(t.app, 'POST', `/mass-message?performerId=${creator.user.id}`, manager.token, { text: 'Pela equipe', audience: { kind: 'followers' }, scheduledAt: later() });
    expect(made.json().data.performerId).toBe(creator.user.id);
    const upload = (await uploadPhotoTo(t.app, `/mass-message/file/photo?performerId=${creator.user.id}`, manager.token)).json().data;
    const [file] = await t.ctx.db.select().from(files).where(eq(files.id, upload._id));
    expect(file!.ownerId).toBe(creator.user.id);
    expect((await call(t.app, 'DELETE', `/mass-message/${mass._id}`, manager.token)).statusCode).toBe(200);
  });

  it('broadcasts to all active subscribers now', async () => {
    const creator = await signedIn(t, { role: 'performer' });
    const subscribers = await bulkFans(t.ctx, 3);
    await subscribeAll(t.ctx, creator.user.id, subscribers);
    await followAll(t.ctx, creator.user.id, await bulkFans(t.ctx, 2));
    const res = await call(t.app, 'POST', '/messages/broadcast-message', creator.token, { text: 'Boa noite, assinantes' });
    expect(res.json().data).toMatchObject({ audience: { kind: 'subscribers' }, scheduledAt: null, status: 'scheduled' });
    await t.ctx.jobs.drain();
    const sent = (await call(t.app, 'GET', `/mass-message/${res.json().data._id}`, creator.token)).json().data;
    expect(sent).toMatchObject({ status: 'sent', recipientsCount: 3, openedCount: 0 });
    expect((await call(t.app, 'POST', '/messages/broadcast-message', creator.token, { text: 'x', scheduledAt: later() })).json().data.scheduledAt).toBeNull();
  });

  it('counts the opened copies and shows who opened them', async () => {
    const creator = await signedIn(t, { role: 'performer' });
    const fans = await bulkFans(t.ctx, 5);
    await followAll(t.ctx, creator.user.id, fans);
    const mass = (await call(t.app, 'POST', '/mass-message', creator.token, { text: 'Abra!', audience: { kind: 'followers' } })).json().data;
    await t.ctx.jobs.drain();
    expect((await call(t.app, 'GET', `/mass-message/${mass._id}/opened`, creator.token)).json().data).toEqual({ openedCount: 0, recipientsCount: 5, data: [], total: 0 });
    await markOpened(t.ctx, mass._id, [fans[1]!, fans[3]!]);
    const opened = (await call(t.app, 'GET', `/mass-message/${mass._id}/opened`, creator.token)).json().data;
    expect(opened).toMatchObject({ openedCount: 2, recipientsCount: 5, total: 2 });
    expect(opened.data.map((o: { _id: string }) => o._id).sort()).toEqual([fans[1], fans[3]].sort());
    expect(opened.data[0]).toMatchObject({ name: expect.any(String), avatar: expect.any(String), openedAt: expect.any(String) });
    expect((await call(t.app, 'GET', `/mass-message/${mass._id}/opened?limit=1&offset=1`, creator.token)).json().data.data).toHaveLength(1);
    expect((await call(t.app, 'GET', `/mass-message/${mass._id}`, creator.token)).json().data).toMatchObject({ openedCount: 2, recipientsCount: 5 });
    expect((await call(t.app, 'GET', '/mass-message', creator.token)).json().data.data[0]).toMatchObject({ _id: mass._id, openedCount: 2 });
  });
});
