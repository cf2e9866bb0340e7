/**
 * A creator's videos (`/performer-assets/videos/search`) and reels
 * (`/performer-assets/user/reels/search`) as a fan sees them, and the unlock of a paid
 * video (session/unlocks.ts: one `charge:video` pay, then the video is read again so its
 * playlist arrives as a link made for this fan).
 */
import { createModel, signal } from '@preact/signals-core';
import { unexpectedAnswer } from '../session/money-action.js';
import type { ActionError } from '../session/outcome.js';
import type { Session } from '../session/session.js';
import { createUnlocks } from '../session/unlocks.js';
import { isVideoItem, type Reel, type VideoItem } from './videos-api.js';

export const VIDEO_PAGE_SIZE = 12;

export type Loaded<T> = { status: 'loading' } | { status: 'ready'; items: T[]; total: number } | { status: 'failed'; error: ActionError };

export const VideoListModel = createModel((session: Session) => {
  const videos = signal<Loaded<VideoItem>>({ status: 'loading' });
  let loads = 0;

  async function load(performerId: string): Promise<void> {
    const load = ++loads;
    videos.value = { status: 'loading' };
    const outcome = await session.api.videos.search.list({ performerId, limit: VIDEO_PAGE_SIZE, offset: 0 });
    if (load !== loads) return;
    videos.value = outcome.ok ? { status: 'ready', items: outcome.value.data, total: outcome.value.total } : { status: 'failed', error: outcome.error };
  }

  /** Reads one video again (bought, or its file now transcoded) and puts it in place. */
  async function refresh(id: string): Promise<true | ActionError> {
    const fresh = await session.api.videos.get({ id });
    if (!fresh.ok) return fresh.error;
    if (!isVideoItem(fresh.value)) return unexpectedAnswer(fresh.value);
    const item = fresh.value;
    const current = videos.value;
    if (current.status === 'ready') videos.value = { ...current, items: current.items.map((v) => (v._id === id ? item : v)) };
    return true;
  }

  const unlocking = createUnlocks(session, 'video', refresh);
  return { videos, load, refresh, unlock: unlocking.unlock, unlocks: unlocking.steps };
});
export type VideoListModel = InstanceType<typeof VideoListModel>;

export const ReelListModel = createModel((session: Session) => {
  const reels = signal<Loaded<Reel>>({ status: 'loading' });
  let loads = 0;

  async function load(performerId: string): Promise<void> {
    const load = ++loads;
    reels.value = { status: 'loading' };
    const outcome = await session.api.reels.search.list({ performerId, limit: VIDEO_PAGE_SIZE, offset: 0 });
    if (load !== loads) return;
    reels.value = outcome.ok ? { status: 'ready', items: outcome.value.data, total: outcome.value.total } : { status: 'failed', error: outcome.error };
  }

  return { reels, load };
});
export type ReelListModel = InstanceType<typeof ReelListModel>;
