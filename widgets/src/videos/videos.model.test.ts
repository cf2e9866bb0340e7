import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OwnedSession } from '../session/session.js';
import { ok, type FakeTransport } from '../session/testing/fake-transport.js';
import { signedInFan } from '../session/testing/signed-in.js';
import type { VideoItem } from './videos-api.js';
import { ReelListModel, VideoListModel } from './videos.model.js';

let transport: FakeTransport;
let session: OwnedSession;

const video = (id: string, locked: boolean): VideoItem => ({
  _id: id,
  performerId: 'creator-1',
  title: `Vídeo ${id}`,
  description: '',
  status: 'active',
  isSale: true,
  price: 7,
  subscribersOnly: false,
  isBought: !locked,
  locked,
  createdAt: '2026-11-20T10:00:00.000Z',
  performer: { _id: 'creator-1', username: 'ana.lima', name: 'Ana Lima', avatar: '/files/defaults/avatar.svg' },
  video: { _id: `f-${id}`, status: 'finished', progress: 100, duration: 2, width: 320, height: 240, placeholder: 'data:image/webp;base64,AA', url: locked ? null : '/api/media/files/f/master.m3u8?v=u', teaser: '/api/media/files/f/teaser?v=u', sizes: null },
  thumbnail: null,
});

beforeEach(async () => {
  ({ transport, session } = await signedInFan(100));
});

afterEach(() => session.dispose());

describe('video list model', () => {
  it('unlocks a paid video with one pay of charge:video and puts the video as read again in place', async () => {
    let performerId: unknown;
    transport.respond('GET', '/performer-assets/videos/search', (call) => {
      performerId = (call.options.query as { performerId?: string } | undefined)?.performerId;
      return ok({ data: [video('v1', true), video('v2', false)], total: 2 });
    });
    transport.respond('GET', '/performer-assets/videos/v1', ok(video('v1', false)));
    transport.respondPay('charge:video', ok({ _id: 'charge-1' }));
    const model = new VideoListModel(session);
    await model.load('creator-1');
    expect(performerId).toBe('creator-1');
    expect(await model.unlock('v1')).toBe(true);
    expect(transport.payCalls.map((c) => [c.request.action, c.request.params.id])).toEqual([['charge:video', 'v1']]);
    const state = model.videos.value;
    expect(state.status === 'ready' && state.items.map((v) => [v._id, v.locked])).toEqual([
      ['v1', false],
      ['v2', false],
    ]);
  });

  it('a failed list read is a failed state the view can retry', async () => {
    transport.respond('GET', '/performer-assets/user/reels/search', () => ({ ok: false, status: 503, body: { statusCode: 503, code: 'server.error', message: 'down' } }));
    const model = new ReelListModel(session);
    await model.load('creator-1');
    expect(model.reels.value).toMatchObject({ status: 'failed', error: { status: 503 } });
    transport.respond('GET', '/performer-assets/user/reels/search', ok({ data: [], total: 0 }));
    await model.load('creator-1');
    expect(model.reels.value).toEqual({ status: 'ready', items: [], total: 0 });
  });
});
