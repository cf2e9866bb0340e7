import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { streams, subscriptions, userBlocks } from '../../db/schema/index.js';
import { AGORA_TOKEN_TTL_SECONDS } from './agora-token.js';
import { call, expectError, party, requestOf, type Party } from './private-streams-test-kit.js';

const APP_ID = '0123456789abcdef0123456789abcdef';
const CERTIFICATE = 'fedcba9876543210fedcba9876543210';

/** The package's own parser (not in its typings): what the token grants, to whom, until when, and whether our certificate signed it. */
interface ParsedToken {
  appId: Buffer | string;
  issueTs: number;
  expire: number;
  services: { __channel_name: Buffer | string; __uid: Buffer | string; __privileges: Record<string, number> }[];
  from_string(token: string): boolean;
  verifySignature(certificate: string): boolean;
}
const { AccessToken2 } = createRequire(import.meta.url)('agora-token/src/AccessToken2.js') as { AccessToken2: new () => ParsedToken };

function parse(token: string) {
  const parsed = new AccessToken2();
  expect(parsed.from_string(token)).toBe(true);
  expect(parsed.verifySignature(CERTIFICATE)).toBe(true);
  expect(parsed.verifySignature(APP_ID)).toBe(false);
  const rtc = parsed.services[0]!;
  // The parser keeps strings as the raw bytes it read.
  return { appId: String(parsed.appId), ttl: parsed.expire, channel: String(rtc.__channel_name), uid: String(rtc.__uid), privileges: Object.keys(rtc.__privileges).map(Number).sort() };
}

// Agora's RTC privileges: 1 join, 2 publish audio, 3 publish video, 4 publish data.
const PUBLISHER = [1, 2, 3, 4];
const SUBSCRIBER = [1];

let t: TestApp;
let bare: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { AGORA_APP_ID: APP_ID, AGORA_APP_CERTIFICATE: CERTIFICATE });
  bare = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await bare.close();
});

const tokenFor = (app: TestApp, who: Party | null, channelName: unknown) => call(app, 'POST', '/streaming/agora/token', who, { channelName });

async function publicStream(creator: Party, values: { subscribersOnly?: boolean; state?: 'created' | 'broadcasting' | 'finished' } = {}) {
  const [row] = await t.ctx.db
    .insert(streams)
    .values({ performerId: creator.id, type: 'public', state: values.state ?? 'broadcasting', subscribersOnly: values.subscribersOnly ?? false })
    .returning();
  return `stream-${row!.id}`;
}

describe('POST /streaming/agora/token', () => {
  it('is refused when Agora is not configured', async () => {
    const user = await party(bare);
    expectError(await tokenFor(bare, user, 'stream-anything'), 503, 'streaming.not_configured');
  });

  it('gives the owner publisher rights and a viewer only subscriber rights, each under their own uid', async () => {
    const creator = await party(t, { role: 'performer' });
    const viewer = await party(t);
    const channel = await publicStream(creator);

    const owner = await tokenFor(t, creator, channel);
    expect(owner.statusCode, owner.body).toBe(200);
    expect(typeof owner.json().data).toBe('string');
    expect(parse(owner.json().data)).toEqual({ appId: APP_ID, ttl: AGORA_TOKEN_TTL_SECONDS, channel, uid: creator.id, privileges: PUBLISHER });

    const watcher = await tokenFor(t, viewer, channel);
    expect(watcher.statusCode).toBe(200);
    expect(parse(watcher.json().data)).toEqual({ appId: APP_ID, ttl: AGORA_TOKEN_TTL_SECONDS, channel, uid: viewer.id, privileges: SUBSCRIBER });
  });

  it('refuses channels that are not a stream, strangers to a subscribers-only stream, blocked fans and streams not live', async () => {
    const creator = await party(t, { role: 'performer' });
    const viewer = await party(t);
    expectError(await tokenFor(t, viewer, 'lobby'), 404, 'streaming.not_found');
    expectError(await tokenFor(t, viewer, 'stream-0123456789abcdef01234567'), 404, 'streaming.not_found');
    expect((await tokenFor(t, viewer, '')).statusCode).toBe(400);
    expect((await tokenFor(t, null, 'lobby')).statusCode).toBe(401);

    const exclusive = await publicStream(creator, { subscribersOnly: true });
    expectError(await tokenFor(t, viewer, exclusive), 403, 'streaming.subscribers_only');
    await t.ctx.db.insert(subscriptions).values({ userId: viewer.id, performerId: creator.id, subscriptionType: 'monthly', status: 'active', expiredAt: new Date(Date.now() + 86_400_000) });
    expect(parse((await tokenFor(t, viewer, exclusive)).json().data).privileges).toEqual(SUBSCRIBER);
    const staff = await party(t, { role: 'admin' });
    expect(parse((await tokenFor(t, staff, exclusive)).json().data).privileges).toEqual(SUBSCRIBER);

    const blocked = await party(t);
    await t.ctx.db.insert(userBlocks).values({ performerId: creator.id, userId: blocked.id });
    expectError(await tokenFor(t, blocked, exclusive), 403, 'blocks.blocked');

    const other = await party(t, { role: 'performer' });
    const notLive = await publicStream(other, { state: 'created' });
    expectError(await tokenFor(t, viewer, notLive), 422, 'streaming.offline');
    expect(parse((await tokenFor(t, other, notLive)).json().data).privileges).toEqual(PUBLISHER);
  });

  it('opens a private call to its fan and its creator only', async () => {
    const creator = await party(t, { role: 'performer', priceCents: 0 });
    const fan = await party(t);
    const req = await requestOf(t, fan, creator);
    await call(t, 'POST', `/streaming/private/${req._id}/approve`, creator);
    const streamId = (await call(t, 'POST', `/streaming/private/${req._id}/start`, creator)).json().data.streamId as string;
    const channel = `stream-${streamId}`;

    const joined = await call(t, 'POST', `/streaming/private/${req._id}/join`, fan);
    expect(joined.json().data.agora).toEqual({ appId: APP_ID, channel });

    expect(parse((await tokenFor(t, creator, channel)).json().data)).toMatchObject({ uid: creator.id, privileges: PUBLISHER });
    expect(parse((await tokenFor(t, fan, channel)).json().data)).toMatchObject({ uid: fan.id, privileges: SUBSCRIBER });
    for (const outsider of [await party(t), await party(t, { role: 'admin' }), await party(t, { role: 'performer' })]) {
      expectError(await tokenFor(t, outsider, channel), 404, 'streaming.not_found');
    }
  });
});
