import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { conversationMembers, conversations, privateStreamRequests, streams, userBlocks } from '../../db/schema/index.js';
import { recordingRealtime } from '../wallet/wallet-test-kit.js';
import { call, expectError, party, requestOf, type Party } from './private-streams-test-kit.js';

let t: TestApp;
const live = recordingRealtime();
beforeAll(async () => {
  t = await createTestApp({ realtime: live });
});
afterAll(() => t.close());

const notified = (userId: string, requestId: string, action: string) =>
  live.events.some((e) => {
    if (e.userId !== userId || e.event !== 'send_notification') return false;
    const n = e.payload as { type?: string; data?: { requestId?: string; action?: string } };
    return n.type === 'private_stream.updated' && n.data?.requestId === requestId && n.data?.action === action;
  });

describe('private call lifecycle', () => {
  let fan: Party;
  let creator: Party;
  beforeAll(async () => {
    fan = await party(t);
    creator = await party(t, { role: 'performer', priceCents: 0 });
  });

  it('a free call goes request → approve → edit → start → join, with state errors on the way', async () => {
    const req = await requestOf(t, fan, creator, { duration: 20, note: 'hello' });
    expect(req).toMatchObject({ status: 'pending', price: 0, duration: 20, note: 'hello', streamId: null });

    // The request carries the pair's private conversation, with both as members.
    const [conv] = await t.ctx.db.select().from(conversations).where(eq(conversations.id, req.conversationId));
    expect(conv).toMatchObject({ type: 'private', pairKey: [fan.id, creator.id].sort().join(':') });
    const members = await t.ctx.db.select().from(conversationMembers).where(eq(conversationMembers.conversationId, req.conversationId));
    expect(members.map((m) => m.userId).sort()).toEqual([fan.id, creator.id].sort());
    await vi.waitFor(() => expect(notified(creator.id, req._id, 'requested')).toBe(true));

    expectError(await call(t, 'POST', `/streaming/private/${req._id}/start`, creator), 422, 'streaming.request_invalid_state');
    expectError(await call(t, 'POST', `/streaming/private/${req._id}/join`, fan), 422, 'streaming.request_invalid_state');

    const approved = await call(t, 'POST', `/streaming/private/${req._id}/approve`, creator);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'approved', performerInfo: { _id: creator.id }, userInfo: { _id: fan.id } });
    await vi.waitFor(() => expect(notified(fan.id, req._id, 'approved')).toBe(true));
    expectError(await call(t, 'POST', `/streaming/private/${req._id}/approve`, creator), 422, 'streaming.request_invalid_state');
    expectError(await call(t, 'POST', `/streaming/private/${req._id}/reject`, creator), 422, 'streaming.request_invalid_state');

    const edited = await call(t, 'POST', `/streaming/private/${req._id}/edit`, creator, { duration: 45, note: 'longer' });
    expect(edited.json().data).toMatchObject({ duration: 45, note: 'longer', status: 'approved' });

    const started = await call(t, 'POST', `/streaming/private/${req._id}/start`, creator);
    expect(started.statusCode, started.body).toBe(200);
    const streamId = started.json().data.streamId as string;
    expect(streamId).toBeTruthy();
    const [stream] = await t.ctx.db.select().from(streams).where(eq(streams.id, streamId));
    expect(stream).toMatchObject({ type: 'private', state: 'broadcasting', performerId: creator.id, conversationId: req.conversationId, durationMinutes: 45 });
    await vi.waitFor(() => expect(notified(fan.id, req._id, 'started')).toBe(true));

    // Starting again answers the same call: no second stream.
    const again = await call(t, 'POST', `/streaming/private/${req._id}/start`, creator);
    expect(again.json().data.streamId).toBe(streamId);
    expect(await t.ctx.db.select().from(streams).where(and(eq(streams.performerId, creator.id), eq(streams.type, 'private')))).toHaveLength(1);

    expectError(await call(t, 'POST', `/streaming/private/${req._id}/edit`, creator, { note: 'x' }), 422, 'streaming.request_invalid_state');
    expectError(await call(t, 'DELETE', `/streaming/private/${req._id}`, creator), 422, 'streaming.request_invalid_state');

    for (const who of [fan, creator]) {
      const joined = await call(t, 'POST', `/streaming/private/${req._id}/join`, who);
      expect(joined.statusCode).toBe(200);
      expect(joined.json().data).toMatchObject({ canWatch: true, reason: null, playlistUrl: null, agora: null, stream: { _id: streamId, type: 'private', state: 'broadcasting' } });
      // The call shows who is on the other side: the request comes with both parties.
      expect(joined.json().data.request).toMatchObject({ _id: req._id, streamId, performerInfo: { _id: creator.id }, userInfo: { _id: fan.id } });
    }

    // Only the call's creator ends it (the fan and another creator may not), and then it is over for both.
    const other = await party(t, { role: 'performer' });
    expectError(await call(t, 'PUT', `/streaming/live/${streamId}`, other), 403, 'streaming.not_owner');
    expect((await call(t, 'PUT', `/streaming/live/${streamId}`, fan)).statusCode).toBe(403);
    const ended = await call(t, 'PUT', `/streaming/live/${streamId}`, creator);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().data).toMatchObject({ _id: streamId, type: 'private', state: 'finished' });
    expect((await call(t, 'POST', `/streaming/private/${req._id}/join`, fan)).json().data.stream.state).toBe('finished');
  });

  it('rejects, deletes and validates', async () => {
    const rejected = await requestOf(t, fan, creator);
    const res = await call(t, 'POST', `/streaming/private/${rejected._id}/reject`, creator);
    expect(res.json().data.status).toBe('rejected');
    await vi.waitFor(() => expect(notified(fan.id, rejected._id, 'rejected')).toBe(true));
    expectError(await call(t, 'POST', `/streaming/private/${rejected._id}/approve`, creator), 422, 'streaming.request_invalid_state');
    expectError(await call(t, 'POST', `/streaming/private/${rejected._id}/edit`, creator, { note: 'x' }), 422, 'streaming.request_invalid_state');

    const mine = await requestOf(t, fan, creator);
    expect((await call(t, 'DELETE', `/streaming/private/${mine._id}`, fan)).statusCode).toBe(200);
    expect(await t.ctx.db.select().from(privateStreamRequests).where(eq(privateStreamRequests.id, mine._id))).toHaveLength(0);
    await vi.waitFor(() => expect(notified(creator.id, mine._id, 'deleted')).toBe(true));

    const approvedThenDeleted = await requestOf(t, fan, creator);
    await call(t, 'POST', `/streaming/private/${approvedThenDeleted._id}/approve`, creator);
    expect((await call(t, 'DELETE', `/streaming/private/${approvedThenDeleted._id}`, creator)).statusCode).toBe(200);

    for (const body of [{ duration: 4 }, { duration: 121 }, { note: 'x'.repeat(501) }]) {
      expect((await call(t, 'POST', '/streaming/private/request', fan, { performerId: creator.id, ...body })).statusCode).toBe(400);
    }
    // Optional fields sent as "" mean absent (api-contract section 7).
    expect((await requestOf(t, fan, creator, { duration: '', note: '' })).duration).toBe(15);
    expectError(await call(t, 'POST', '/streaming/private/request', fan, { performerId: fan.id }), 404, 'performers.not_found');
    expectError(await call(t, 'POST', '/streaming/private/request', creator, { performerId: creator.id }), 422, 'streaming.request_invalid_state');
    // Approve, reject, start and edit are the creator's.
    expectError(await call(t, 'POST', `/streaming/private/${rejected._id}/approve`, fan), 403, 'auth.role_forbidden');
  });

  it("answers 404 to everyone but the request's two parties", async () => {
    const req = await requestOf(t, fan, creator);
    const otherCreator = await party(t, { role: 'performer' });
    const stranger = await party(t);
    for (const action of ['approve', 'reject', 'start', 'edit'] as const) {
      expectError(await call(t, 'POST', `/streaming/private/${req._id}/${action}`, otherCreator, action === 'edit' ? { note: 'x' } : undefined), 404, 'streaming.request_not_found');
    }
    expectError(await call(t, 'POST', `/streaming/private/${req._id}/join`, stranger), 404, 'streaming.request_not_found');
    expectError(await call(t, 'DELETE', `/streaming/private/${req._id}`, stranger), 404, 'streaming.request_not_found');
    expectError(await call(t, 'POST', '/streaming/private/not-an-id/approve', creator), 404, 'streaming.request_not_found');

    // Once started, still only the two may join.
    await call(t, 'POST', `/streaming/private/${req._id}/approve`, creator);
    expect((await call(t, 'POST', `/streaming/private/${req._id}/start`, creator)).statusCode).toBe(200);
    expectError(await call(t, 'POST', `/streaming/private/${req._id}/join`, stranger), 404, 'streaming.request_not_found');
    expectError(await call(t, 'POST', `/streaming/private/${req._id}/join`, otherCreator), 404, 'streaming.request_not_found');
  });

  it('refuses a fan the creator blocked', async () => {
    const blocked = await party(t);
    await t.ctx.db.insert(userBlocks).values({ performerId: creator.id, userId: blocked.id });
    expectError(await call(t, 'POST', '/streaming/private/request', blocked, { performerId: creator.id }), 403, 'blocks.blocked');
    expect(await t.ctx.db.select().from(privateStreamRequests).where(eq(privateStreamRequests.userId, blocked.id))).toHaveLength(0);
  });

  it('lists the caller’s requests, as fan and as creator, paged and named', async () => {
    const fan2 = await party(t);
    const creator2 = await party(t, { role: 'performer', priceCents: 1250 });
    const a = await requestOf(t, fan2, creator2);
    const b = await requestOf(t, fan2, creator2);
    await call(t, 'POST', `/streaming/private/${b._id}/approve`, creator2);
    const asFan = await call(t, 'GET', '/streaming/private/search?limit=1&sortBy=createdAt&sort=asc', fan2);
    expect(asFan.json().data.total).toBe(2);
    expect(asFan.json().data.data).toHaveLength(1);
    expect(asFan.json().data.data[0]).toMatchObject({ _id: a._id, price: 12.5, performerInfo: { _id: creator2.id }, userInfo: { _id: fan2.id } });
    const asCreator = await call(t, 'GET', '/streaming/private/list?status=approved', creator2);
    expect(asCreator.json().data.data.map((r: { _id: string }) => r._id)).toEqual([b._id]);
    const other = await call(t, 'GET', '/streaming/private/search', await party(t));
    expect(other.json().data).toEqual({ data: [], total: 0 });
    expect((await call(t, 'GET', '/streaming/private/search', null)).statusCode).toBe(401);
  });
});
