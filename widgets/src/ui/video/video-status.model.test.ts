import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OwnedSession } from '../../session/session.js';
import { fail, ok, type FakeTransport } from '../../session/testing/fake-transport.js';
import { signedInFan } from '../../session/testing/signed-in.js';
import { disposeModel } from '../../session/feature.js';
import { loadFailureTexts } from '../../api/error-catalogue.js';
import { VIDEO_STATUS_POLL_MS, VideoStatusModel } from './video-status.model.js';

let transport: FakeTransport;
let session: OwnedSession;
const STATUS = '/user/feeds/p1/file/v1/status';

beforeEach(async () => {
  ({ transport, session } = await signedInFan(100));
  // Error texts load lazily (real I/O); load them before the clock is faked.
  await loadFailureTexts();
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  session.dispose();
});

const statusOf = () => (options: { signal: AbortSignal }) => session.api.feeds.fileStatus({ id: 'p1', fileId: 'v1' }, undefined, options);

const statusCalls = () => transport.calls.filter((call) => call.path === STATUS).length;

describe('video status model', () => {
  it('asks every 5 s while processing, through a failed check, and stops once finished', async () => {
    const answers = [ok({ status: 'processing', progress: 40 }), fail(503, 'server.unavailable'), ok({ status: 'finished', progress: 100 })];
    transport.respond('GET', STATUS, () => answers.shift() ?? ok({ status: 'finished', progress: 100 }));
    const model = new VideoStatusModel(statusOf(), { status: 'processing', progress: 0 });
    expect(VIDEO_STATUS_POLL_MS).toBe(5000);
    await vi.advanceTimersByTimeAsync(VIDEO_STATUS_POLL_MS - 1);
    expect(statusCalls()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(model.state.value).toEqual({ status: 'processing', progress: 40 });
    // A failed check keeps what is known and tries again at the next tick.
    await vi.advanceTimersByTimeAsync(VIDEO_STATUS_POLL_MS);
    expect(statusCalls()).toBe(2);
    expect(model.state.value).toEqual({ status: 'processing', progress: 40 });
    await vi.advanceTimersByTimeAsync(VIDEO_STATUS_POLL_MS);
    expect(model.state.value).toEqual({ status: 'finished', progress: 100 });
    await vi.advanceTimersByTimeAsync(VIDEO_STATUS_POLL_MS * 3);
    expect(statusCalls()).toBe(3);
  });

  it('stops asking when its view goes', async () => {
    transport.respond('GET', STATUS, ok({ status: 'processing', progress: 10 }));
    const model = new VideoStatusModel(statusOf(), { status: 'processing', progress: 0 });
    await vi.advanceTimersByTimeAsync(VIDEO_STATUS_POLL_MS);
    expect(statusCalls()).toBe(1);
    disposeModel(model);
    await vi.advanceTimersByTimeAsync(VIDEO_STATUS_POLL_MS * 4);
    expect(statusCalls()).toBe(1);
  });

  it('does not poll a video that is already finished or failed', async () => {
    new VideoStatusModel(statusOf(), { status: 'finished', progress: 100 });
    new VideoStatusModel(statusOf(), { status: 'error', progress: 30 });
    await vi.advanceTimersByTimeAsync(VIDEO_STATUS_POLL_MS * 3);
    expect(statusCalls()).toBe(0);
  });
});
