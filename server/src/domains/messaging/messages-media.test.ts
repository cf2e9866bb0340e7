import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MessageDto } from '@fandeck/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipartForm, type TestApp } from '../../../test/helpers.js';
import { makeVideo } from '../../../test/media-fixtures.js';
import { userBlocks, walletCharges } from '../../db/schema/index.js';
import { accountKeys } from '../../money/ledger/accounts.js';
import { checkLedger } from '../../money/ledger/invariant.js';
import { balanceOf } from '../../money/ledger/ledger.js';
import { messagingKit, socketKit, type Account } from './messaging-test-kit.js';

let t: TestApp;
let clip: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'fandeck-messages-')), 'clip.mp4');
  makeVideo(file, { width: 320, height: 240, seconds: 2 });
  clip = readFileSync(file);
});
afterAll(async () => {
  expect((await checkLedger(t.ctx.db)).ok).toBe(true);
  await t.close();
});
const { call, account, open, send, uploadPhoto, fetchLink, expectError } = messagingKit(() => t);
const { socketTo, nextEvent, closeAll } = socketKit();
afterAll(closeAll);

const messagesOf = async (who: Account, conversationId: string) => (await call('GET', `/messages/conversations/${conversationId}`, who.token)).json().data.data as MessageDto[];
const buy = (who: Account, messageId: string, key: string) => call('POST', `/wallet/charges/message/${messageId}`, who.token, {}, { 'idempotency-key': key });

describe('message media', () => {
  it('a fan uploads a photo, sends it, and only the two participants load it through their own short-lived links', async () => {
    const creator = await account({ role: 'performer' });
    const fan = await account();
    const stranger = await account();
    const { _id: id } = await open(fan, creator);
    const upload = await uploadPhoto(fan, '/messages/private/file', true);
    expect(upload).toMatchObject({ type: 'photo', status: null, url: expect.stringContaining('/api/media/files/') });
    expect((await fetchLink(upload.url!, fan.token)).statusCode).toBe(200);
    const fileId = upload._id;

    const sent = await send(fan, id, { text: 'look', fileIds: [fileId] });
    expect(sent).toMatchObject({ type: 'photo', isLocked: false, price: 0 });
    const [seen] = (await messagesOf(creator, id)).filter((m) => m._id === sent._id);
    expect(seen!.files).toHaveLength(1);
    const link = seen!.files[0]!.url!;
    expect(seen!.imageUrl).toBe(link);
    expect((await fetchLink(link, creator.token)).statusCode).toBe(200);
    expect((await fetchLink(link, stranger.token)).statusCode).toBe(403);
    expect((await fetchLink(link, null)).statusCode).toBe(403);
    expect((await fetchLink(seen!.files[0]!.thumbnailUrl!, creator.token)).headers['content-type']).toBe('image/webp');
    // The sender may send the same upload again; nobody else may send it.
    await send(fan, id, { text: 'again', fileIds: [fileId] });
    expectError(await call('POST', `/messages/conversations/${id}`, creator.token, { clientId: 'steal', fileIds: [fileId] }), 422, 'messages.files_invalid');
  });

  it('refuses files that are not the sender’s message uploads', async () => {
    const creator = await account({ role: 'performer' });
    const fan = await account();
    const { _id: id } = await open(fan, creator);
    const feedPhoto = await uploadPhoto(creator, '/performer/feeds/photo/upload');
    expectError(await call('POST', `/messages/conversations/${id}`, creator.token, { clientId: 'feed', fileIds: [feedPhoto] }), 422, 'messages.files_invalid');
    expectError(await call('POST', `/messages/conversations/${id}`, creator.token, { clientId: 'twice', fileIds: [feedPhoto, feedPhoto] }), 400, 'request.invalid');
    const streamPhoto = await uploadPhoto(creator, '/messages/public/file/photo');
    expect((await send(creator, id, { fileIds: [streamPhoto], text: '' })).type).toBe('photo');
  });
});

describe('paid messages', () => {
  it('stay locked to the recipient until bought from the wallet; the sender never sees them locked', async () => {
    const creator = await account({ role: 'performer' });
    const fan = await account({ balanceCents: 2000 });
    const stranger = await account({ balanceCents: 2000 });
    const { _id: id } = await open(fan, creator);
    const fanSocket = await socketTo(t.app, fan.token);
    const live = nextEvent<MessageDto>(fanSocket, 'message_created');
    const photo = await uploadPhoto(creator);
    const paid = await send(creator, id, { text: 'exclusive', fileIds: [photo], price: 7.5 });
    expect(paid).toMatchObject({ price: 7.5, isLocked: false, isBought: false });
    expect(paid.files[0]!.url).toMatch(/\/api\/media\/files\//);

    for (const view of [await live, (await messagesOf(fan, id)).find((m) => m._id === paid._id)!]) {
      expect(view).toMatchObject({ price: 7.5, isLocked: true, isBought: false, imageUrl: null, text: 'exclusive' });
      expect(view.files[0]).toMatchObject({ _id: photo, type: 'photo', url: null });
      expect(view.files[0]!.thumbnailUrl).toMatch(/^data:image\/webp;base64,/);
      expect(view.files[0]!.placeholder).toBe(view.files[0]!.thumbnailUrl);
    }
    // The sender's link is theirs only.
    expect((await fetchLink(paid.files[0]!.url!, fan.token)).statusCode).toBe(403);

    expectError(await buy(stranger, paid._id, 'stranger-1'), 404, 'wallet.item_not_found');
    expectError(await buy(creator, paid._id, 'self-1'), 422, 'wallet.self_purchase');
    const bought = await buy(fan, paid._id, 'unlock-1');
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.json().data).toMatchObject({ target: 'message', targetId: paid._id, price: 7.5, conversationId: id });
    expect(await balanceOf(t.ctx.db, accountKeys.wallet(fan.id))).toBe(1250);
    // The same key replays; another key is refused.
    expect((await buy(fan, paid._id, 'unlock-1')).statusCode).toBe(200);
    expectError(await buy(fan, paid._id, 'unlock-2'), 409, 'messages.already_unlocked');
    expect(await t.ctx.db.select().from(walletCharges).where(eq(walletCharges.targetId, paid._id))).toHaveLength(1);

    const open_ = (await messagesOf(fan, id)).find((m) => m._id === paid._id)!;
    expect(open_).toMatchObject({ isLocked: false, isBought: true });
    expect((await fetchLink(open_.files[0]!.url!, fan.token)).statusCode).toBe(200);
    expect(open_.imageUrl).toBe(open_.files[0]!.url);
    const senderView = (await messagesOf(creator, id)).find((m) => m._id === paid._id)!;
    expect(senderView).toMatchObject({ isLocked: false, isBought: false });
  });

  it('are refused to a fan the creator blocked, to a free message, and short of balance', async () => {
    const creator = await account({ role: 'performer' });
    const fan = await account({ balanceCents: 2000 });
    const poor = await account({ balanceCents: 100 });
    const { _id: id } = await open(fan, creator);
    const { _id: poorId } = await open(poor, creator);
    const paid = await send(creator, id, { fileIds: [await uploadPhoto(creator)], price: 5 });
    const paidToPoor = await send(creator, poorId, { fileIds: [await uploadPhoto(creator)], price: 5 });
    const free = await send(creator, id, { text: 'free' });
    expectError(await buy(fan, free._id, 'free-1'), 404, 'wallet.item_not_found');
    expectError(await buy(poor, paidToPoor._id, 'poor-1'), 422, 'wallet.insufficient_balance');
    await t.ctx.db.insert(userBlocks).values({ performerId: creator.id, userId: fan.id });
    expectError(await buy(fan, paid._id, 'blocked-1'), 403, 'blocks.blocked');
    expect(await balanceOf(t.ctx.db, accountKeys.wallet(fan.id))).toBe(2000);
    expect(await balanceOf(t.ctx.db, accountKeys.wallet(poor.id))).toBe(100);
  });

  it('need a creator whose documents are approved', async () => {
    const creator = await account({ role: 'performer', verifiedDocument: false });
    const fan = await account();
    const { _id: id } = await open(fan, creator);
    const photo = await uploadPhoto(creator);
    expectError(await call('POST', `/messages/conversations/${id}`, creator.token, { clientId: 'unverified', fileIds: [photo], price: 5 }), 403, 'performers.not_verified');
  });
});

describe('message videos', () => {
  it('are transcoded, report their status, and play only once unlocked', async () => {
    const creator = await account({ role: 'performer' });
    const fan = await account({ balanceCents: 1000 });
    const { _id: id } = await open(fan, creator);
    const form = multipartForm([{ name: 'file', filename: 'clip.mp4', contentType: 'video/mp4', data: clip }]);
    const upload = await t.app.inject({ method: 'POST', url: '/api/messages/private/file/video', payload: form.payload, headers: { ...form.headers, authorization: creator.token } });
    expect(upload.statusCode, upload.body).toBe(200);
    const video = upload.json().data as { _id: string; type: string; status: string };
    expect(video).toMatchObject({ type: 'video', status: 'processing' });
    const sent = await send(creator, id, { text: 'a clip', fileIds: [video._id], price: 3 });
    expect(sent.type).toBe('video');
    const status = () => call('GET', `/messages/${sent._id}/file/${video._id}/status`, fan.token);
    expect((await status()).json().data.status).toBe('processing');
    expectError(await call('POST', `/messages/${sent._id}/videos/${video._id}/url`, creator.token), 409, 'media.not_ready');

    expect(await t.ctx.jobs.drain()).toBe(1);
    expect((await status()).json().data).toEqual({ status: 'finished', progress: 100 });
    expectError(await call('GET', `/messages/${sent._id}/file/${video._id}/status`, (await account()).token), 403, 'conversations.not_participant');
    const url = (who: Account) => call('POST', `/messages/${sent._id}/videos/${video._id}/url`, who.token);
    expectError(await url(fan), 403, 'content.locked');
    const locked = (await messagesOf(fan, id)).find((m) => m._id === sent._id)!;
    expect(locked.files[0]).toMatchObject({ type: 'video', status: 'finished', url: null });
    expect(locked.files[0]!.thumbnailUrl).toMatch(/^data:image\/webp/);
    expect((await url(creator)).statusCode).toBe(200);

    expect((await buy(fan, sent._id, 'video-1')).statusCode).toBe(200);
    const playback = await url(fan);
    expect(playback.statusCode, playback.body).toBe(200);
    expect(playback.json().data.duration).toBeGreaterThan(1);
    const master = await fetchLink(playback.json().data.url, fan.token);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
  });
});
