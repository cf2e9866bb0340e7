/**
 * The bridge's `media` command from a page carries the page origin: a page of creator B loads
 * the files of the fan's conversation with B, and none of the one with A, even with a link the
 * server signed for the fan; nor A's live stream (issue 21, defect 3).
 */
import { PAGE_ORIGIN_HEADER, type MessageDto } from '@fandeck/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markOriginVerified } from '../../../test/embed-origins.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { messagingKit, type Account } from '../messaging/messaging-test-kit.js';
import { signHlsPath } from '../streaming/hls-links.js';

const SHOP_B = 'https://shop-b.example';
const NOBODYS = 'https://nobody.example';

let t: TestApp;
const { call, account, open, send, uploadPhoto } = messagingKit(() => t);
let fan: Account;
let creatorA: Account;
let creatorB: Account;
let photoOfA: string;
let photoOfB: string;

/** The link fetched as the fan, from the platform (`origin` null) or through the bridge for a page on `origin`. */
const fetchAs = (url: string, origin: string | null) => {
  const link = new URL(url, t.ctx.config.publicOrigin);
  return t.app.inject({ method: 'GET', url: link.pathname + link.search, headers: { authorization: fan.token, ...(origin ? { [PAGE_ORIGIN_HEADER]: origin } : {}) } });
};

/** A photo `from` sends in the conversation, as the fan then reads it: the link signed for the fan. */
async function photoIn(from: Account, conversationId: string): Promise<string> {
  const sent = await send(from, conversationId, { text: 'a photo', fileIds: [await uploadPhoto(from)] });
  const res = await call('GET', `/messages/conversations/${conversationId}`, fan.token);
  const seen = (res.json().data.data as MessageDto[]).find((message) => message._id === sent._id);
  return seen!.files[0]!.url!;
}

beforeAll(async () => {
  t = await createTestApp();
  [fan, creatorA, creatorB] = await Promise.all([account(), account({ role: 'performer' }), account({ role: 'performer' })]);
  const listed = await call('POST', '/embeds/origins', creatorB.token, { origin: SHOP_B });
  expect(listed.statusCode, listed.body).toBe(200);
  await markOriginVerified(t.ctx, creatorB.id, SHOP_B);
  photoOfA = await photoIn(creatorA, (await open(fan, creatorA))._id);
  photoOfB = await photoIn(creatorB, (await open(fan, creatorB))._id);
});
afterAll(() => t?.close());

describe('media through the bridge, from a page listed by creator B', () => {
  it("refuses the files of the fan's conversation with A, and serves those with B", async () => {
    for (const origin of [SHOP_B, NOBODYS]) {
      const res = await fetchAs(photoOfA, origin);
      expect({ status: res.statusCode, code: res.json().code }, origin).toEqual({ status: 403, code: 'embeds.origin_not_owned' });
    }
    const fromB = await fetchAs(photoOfB, SHOP_B);
    expect(fromB.statusCode, fromB.body).toBe(200);
    expect(fromB.headers['content-type']).toMatch(/^image\//);
    expect((await fetchAs(photoOfB, NOBODYS)).statusCode).toBe(403);
  });

  it("refuses A's live stream (playlist and segments), and lets B's through to the stream itself", async () => {
    const live = async (creator: Account) => {
      const res = await call('POST', '/streaming/live', creator.token, {});
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data._id as string;
    };
    const [streamA, streamB] = [await live(creatorA), await live(creatorB)];
    const hls = (id: string, file: string) => signHlsPath(t.ctx.config.mediaUrlSecret, id, file, fan.id);
    for (const file of ['index.m3u8', 'seg_00001.m4s']) {
      const res = await fetchAs(hls(streamA, file), SHOP_B);
      expect({ status: res.statusCode, code: res.json().code }, file).toEqual({ status: 403, code: 'embeds.origin_not_owned' });
      // Past the scope, both answer what the stream is: not broadcasting (no ingest in this test).
      expect((await fetchAs(hls(streamB, file), SHOP_B)).json().code, file).toBe('streaming.offline');
      expect((await fetchAs(hls(streamA, file), null)).json().code, file).toBe('streaming.offline');
    }
  });

  it("serves the fan's own upload not sent yet, and everything on the platform itself", async () => {
    const upload = await uploadPhoto(fan, '/messages/private/file', true);
    expect((await fetchAs(upload.url!, SHOP_B)).statusCode).toBe(200);
    for (const origin of [null, t.ctx.config.publicOrigin]) {
      for (const link of [photoOfA, photoOfB]) expect((await fetchAs(link, origin)).statusCode, `${origin} ${link}`).toBe(200);
    }
  });
});
