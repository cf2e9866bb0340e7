/** Live gifts: the staff's catalogue, a gift sent as a paid action in a live stream, and the room told of tips and gifts (issue 24). */
import type { GiftDto, StreamSupportEvent } from '@fandeck/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers.js';
import { userPermissions } from '../../db/schema/index.js';
import type { Realtime } from '../../realtime/realtime.js';
import { freshKey, quote, tip } from '../wallet/wallet-test-kit.js';

interface RoomEvent {
  room: string;
  event: string;
  payload: unknown;
}
/** A realtime that records what rooms would hear (and drops what users would). */
function roomRecorder(): Realtime & { rooms: RoomEvent[] } {
  const rooms: RoomEvent[] = [];
  return {
    rooms,
    emitToUser: () => undefined,
    emitToRoom: (room, event, payload) => void rooms.push({ room, event, payload }),
    addRoomPolicy: () => undefined,
    disconnectToken: () => undefined,
    disconnectUser: () => undefined,
    attach: async () => ({}) as never,
    close: async () => undefined,
  };
}

const realtime = roomRecorder();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ realtime });
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, token?: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url: `/api${url}`, headers: { ...(token ? { authorization: token } : {}), ...headers }, ...(payload ? { payload } : {}) });

async function account(role: 'user' | 'performer' | 'manager' | 'admin', options: { balanceCents?: number; permissions?: string[] } = {}) {
  const user = await createUser(t.ctx, { role, ...(options.balanceCents ? { balanceCents: options.balanceCents } : {}) });
  if (options.permissions?.length) await t.ctx.db.insert(userPermissions).values(options.permissions.map((permissionKey) => ({ userId: user.id, permissionKey })));
  return { ...user, token: await signIn(t.app, user.email) };
}
const balanceOf = async (token: string) => (await call('GET', '/users/me', token)).json().data.balance as number;

let admin: Awaited<ReturnType<typeof account>>;
let rose: GiftDto;
beforeAll(async () => {
  admin = await account('admin');
  const made = await call('POST', '/admin/gifts', admin.token, { name: 'Rosa', emoji: '🌹', price: 5, ordering: 1 });
  expect(made.statusCode, made.body).toBe(200);
  rose = made.json().data;
});

describe('the gift catalogue', () => {
  it('staff holding the stream permissions create, edit and hide gifts; fans see only the visible ones, in order', async () => {
    const creatorOfGifts = await account('manager', { permissions: ['stream.create', 'stream.update', 'stream.view'] });
    const made = await call('POST', '/admin/gifts', creatorOfGifts.token, { name: 'Coroa', emoji: '👑', price: '49.90', ordering: 5 });
    expect(made.statusCode, made.body).toBe(200);
    const crown = made.json().data as GiftDto;
    expect(crown).toMatchObject({ name: 'Coroa', emoji: '👑', imageUrl: null, price: 49.9, ordering: 5, hidden: false });

    const edited = await call('PUT', `/admin/gifts/${crown._id}`, creatorOfGifts.token, { name: 'Coroa de ouro', price: 50 });
    expect(edited.json().data).toMatchObject({ name: 'Coroa de ouro', price: 50, emoji: '👑' });
    expect((await call('GET', '/gifts')).json().data.data.map((g: GiftDto) => g._id)).toContain(crown._id);

    const hidden = await call('PUT', `/admin/gifts/${crown._id}`, creatorOfGifts.token, { hidden: true });
    expect(hidden.json().data.hidden).toBe(true);
    const shown = (await call('GET', '/gifts')).json().data.data as GiftDto[];
    expect(shown.map((g) => g._id)).not.toContain(crown._id);
    expect(shown.map((g) => g._id)).toContain(rose._id);
    expect(shown.map((g) => g.ordering)).toEqual([...shown.map((g) => g.ordering)].sort((a, b) => a - b));
    const all = (await call('GET', '/admin/gifts', creatorOfGifts.token)).json().data.data as GiftDto[];
    expect(all.find((g) => g._id === crown._id)?.hidden).toBe(true);
  });

  it('refuses staff without the permission (403), fans and creators (403), and the signed out (401)', async () => {
    const viewer = await account('manager', { permissions: ['stream.view'] });
    const editor = await account('manager', { permissions: ['stream.update'] });
    const fan = await account('user');
    const creator = await account('performer');
    for (const who of [viewer, fan, creator]) {
      const res = await call('POST', '/admin/gifts', who.token, { name: 'Beijo', emoji: '💋', price: 2 });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().code).toBe('auth.permission_denied');
    }
    const hide = await call('PUT', `/admin/gifts/${rose._id}`, viewer.token, { hidden: true });
    expect(hide.statusCode).toBe(403);
    expect((await call('GET', '/admin/gifts', editor.token)).statusCode).toBe(403);
    expect((await call('GET', '/admin/gifts', fan.token)).statusCode).toBe(403);
    expect((await call('POST', '/admin/gifts', undefined, { name: 'Beijo', emoji: '💋', price: 2 })).statusCode).toBe(401);
    expect((await call('GET', '/gifts')).json().data.data.find((g: GiftDto) => g._id === rose._id)?.hidden).toBe(false);
  });

  it('refuses bad input with a 400 naming the field, and an unknown gift with 404 gifts.not_found', async () => {
    for (const [payload, field] of [
      [{ name: '', emoji: '🌹', price: 5 }, 'body.name'],
      [{ name: 'Rosa', emoji: '🌹', price: 0.5 }, 'body.price'],
      [{ name: 'Rosa', emoji: '🌹', price: 1000.01 }, 'body.price'],
      [{ name: 'x'.repeat(41), emoji: '🌹', price: 5 }, 'body.name'],
      [{ name: 'Rosa', emoji: '🌹', price: 5, imageUrl: 'javascript:alert(1)' }, 'body.imageUrl'],
    ] as const) {
      const res = await call('POST', '/admin/gifts', admin.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fields).toContain(field);
    }
    const missing = await call('PUT', '/admin/gifts/0123456789abcdef01234567', admin.token, { hidden: true });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('gifts.not_found');
  });
});

describe('sending a gift in a live stream', () => {
  async function liveCreator() {
    const creator = await account('performer');
    const live = await call('POST', '/streaming/live', creator.token, { title: 'Ao vivo' });
    expect(live.statusCode, live.body).toBe(200);
    return { creator, stream: live.json().data as { _id: string; conversationId: string } };
  }
  const sendGift = (token: string, giftId: string, streamId: string, key: string | null = freshKey('gift')) =>
    call('POST', `/wallet/charges/gift/${giftId}`, token, { streamId }, key ? { 'idempotency-key': key } : {});
  const supportIn = (streamId: string) => realtime.rooms.filter((r) => r.room === `stream:${streamId}` && r.event === 'stream-support').map((r) => r.payload as StreamSupportEvent);

  it('charges once on a retry with the same key, credits the creator, and the room hears it once', async () => {
    const { creator, stream } = await liveCreator();
    const fan = await account('user', { balanceCents: 20_00 });
    const quoted = await quote(t.app, fan.token, `/wallet/charges/gift/${rose._id}`, { streamId: stream._id });
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json().data).toMatchObject({ action: 'charge:gift', kind: 'gift', itemId: rose._id, recipient: { _id: creator.id }, description: '🌹 Rosa', price: 5 });

    const key = freshKey('gift');
    const [first, again] = [await sendGift(fan.token, rose._id, stream._id, key), await sendGift(fan.token, rose._id, stream._id, key)];
    expect(first.statusCode, first.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(first.json().data).toMatchObject({ target: 'gift', targetId: rose._id, performerId: creator.id, price: 5, conversationId: stream.conversationId });
    expect(await balanceOf(fan.token)).toBe(15);
    const earned = (await call('GET', '/wallet/charges/search?target=gift', creator.token)).json().data.data as { _id: string; earnings: number }[];
    expect(earned.map((c) => c._id)).toEqual([first.json().data._id]);
    expect(earned[0]!.earnings).toBeGreaterThan(0);

    await expect.poll(() => supportIn(stream._id).length).toBe(1);
    expect(supportIn(stream._id)[0]).toEqual({
      kind: 'gift',
      chargeId: first.json().data._id,
      streamId: stream._id,
      conversationId: stream.conversationId,
      sender: { _id: fan.id, name: fan.name, username: fan.username },
      amount: 5,
      gift: { _id: rose._id, name: 'Rosa', emoji: '🌹', imageUrl: null },
      createdAt: first.json().data.createdAt,
    });
  });

  it('refuses a hidden gift, a short balance, an ended stream and the creator themself, each with its code, charging nothing', async () => {
    const { creator, stream } = await liveCreator();
    const fan = await account('user', { balanceCents: 3_00 });
    const made = await call('POST', '/admin/gifts', admin.token, { name: 'Fogo', emoji: '🔥', price: 1, hidden: true });
    const hidden = await sendGift(fan.token, made.json().data._id, stream._id);
    expect(hidden.statusCode).toBe(422);
    expect(hidden.json().code).toBe('gifts.unavailable');

    const short = await sendGift(fan.token, rose._id, stream._id);
    expect(short.statusCode).toBe(422);
    expect(short.json().code).toBe('wallet.insufficient_balance');
    expect(await balanceOf(fan.token)).toBe(3);

    const own = await sendGift(creator.token, rose._id, stream._id);
    expect(own.statusCode).toBe(422);
    expect(own.json().code).toBe('wallet.self_purchase');

    expect((await call('PUT', `/streaming/live/${stream._id}`, creator.token, {})).statusCode).toBe(200);
    const ended = await sendGift(fan.token, rose._id, stream._id);
    expect(ended.statusCode).toBe(422);
    expect(ended.json().code).toBe('gifts.stream_not_live');
    const unknown = await sendGift(fan.token, '0123456789abcdef01234567', stream._id);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('gifts.not_found');
    expect(await balanceOf(fan.token)).toBe(3);
    expect(supportIn(stream._id)).toEqual([]);
  });

  it('a tip sent from the stream’s chat is told to the room too; a tip elsewhere is not', async () => {
    const { creator, stream } = await liveCreator();
    const fan = await account('user', { balanceCents: 50_00 });
    const inStream = await tip(t.app, fan.token, creator.id, { price: 10, conversationId: stream.conversationId });
    expect(inStream.statusCode, inStream.body).toBe(200);
    const elsewhere = await tip(t.app, fan.token, creator.id, { price: 11 });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    await expect.poll(() => supportIn(stream._id).length).toBe(1);
    expect(supportIn(stream._id)[0]).toMatchObject({ kind: 'tip', chargeId: inStream.json().data._id, amount: 10, gift: null, sender: { _id: fan.id } });
  });
});
