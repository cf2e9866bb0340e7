/**
 * Posts as a fan sees them: pages of one creator's (`/user/feeds/search/{creator}`), of
 * the creators the fan follows (`/user/feeds?following=true`), trending, found by a
 * search or bookmarked (`/reactions/feeds/bookmark`), and the unlock of a paid post
 * (session/unlocks.ts: one `charge:feed` pay, then the post is read again so its media
 * arrive as links made for this fan). A view makes one per list (`useModel`).
 */
import { createModel, signal } from '@preact/signals-core';
import { unexpectedAnswer } from '../session/money-action.js';
import { createUnlocks } from '../session/unlocks.js';
import type { ActionError } from '../session/outcome.js';
import type { Session } from '../session/session.js';
import { isFeedPost, type FeedPost } from './feeds-api.js';

export const FEED_PAGE_SIZE = 12;

/** Which posts a list shows: one creator's, the followed creators', the trending ones, those matching a search, or the user's bookmarks. */
export type FeedSource = { creator: string } | { following: true } | { trending: true } | { search: string } | { bookmarks: true };

export type FeedListState =
  | { status: 'loading' }
  | { status: 'ready'; posts: FeedPost[]; total: number; loadingMore: boolean }
  | { status: 'failed'; error: ActionError };

export type { UnlockStep } from '../session/unlocks.js';

export const FeedListModel = createModel((session: Session) => {
  const state = signal<FeedListState>({ status: 'loading' });
  let source: FeedSource = { creator: '' };
  let loads = 0;

  async function page(offset: number) {
    const paging = { offset, limit: FEED_PAGE_SIZE };
    if ('creator' in source) return session.api.feeds.byCreator.list({ username: source.creator }, paging);
    if ('trending' in source) return session.api.posts.trending.list(paging);
    if ('search' in source) return session.api.posts.search.list({ ...paging, q: source.search });
    if ('bookmarks' in source) return session.api.reactions.bookmarks.list({ kind: 'feeds' }, paging);
    return session.api.feeds.list.list({ ...paging, following: 'true' });
  }

  /** Loads the first page of a source (a string: one creator's posts, by id or username). */
  async function load(from: FeedSource | string): Promise<void> {
    source = typeof from === 'string' ? { creator: from } : from;
    const load = ++loads;
    state.value = { status: 'loading' };
    const outcome = await page(0);
    if (load !== loads) return;
    state.value = outcome.ok ? { status: 'ready', posts: outcome.value.data, total: outcome.value.total, loadingMore: false } : { status: 'failed', error: outcome.error };
  }

  /** Appends the next page; does nothing while one is loading or when all are here. */
  async function more(): Promise<void> {
    const current = state.value;
    if (current.status !== 'ready' || current.loadingMore || current.posts.length >= current.total) return;
    const load = loads;
    state.value = { ...current, loadingMore: true };
    const outcome = await page(current.posts.length);
    if (load !== loads) return;
    const known = new Set(current.posts.map((post) => post._id));
    state.value = outcome.ok
      ? { status: 'ready', posts: [...current.posts, ...outcome.value.data.filter((post) => !known.has(post._id))], total: outcome.value.total, loadingMore: false }
      : { ...current, loadingMore: false };
  }

  function replace(post: FeedPost): void {
    const current = state.value;
    if (current.status === 'ready') state.value = { ...current, posts: current.posts.map((p) => (p._id === post._id ? post : p)) };
  }

  /** Reads one post again (unlocked, or its video now ready) and puts it in place; the failure otherwise. */
  async function refresh(id: string): Promise<true | ActionError> {
    const fresh = await session.api.feeds.get({ id });
    if (fresh.ok && isFeedPost(fresh.value)) {
      replace(fresh.value);
      return true;
    }
    return fresh.ok ? unexpectedAnswer(fresh.value) : fresh.error;
  }

  const unlocking = createUnlocks(session, 'feed', refresh);
  /** Unlocks a paid post from the wallet; the same post sent again after a retryable failure reuses its key. */
  const unlock = (post: FeedPost) => unlocking.unlock(post._id);

  return { state, unlocks: unlocking.steps, load, more, unlock, refresh };
});
export type FeedListModel = InstanceType<typeof FeedListModel>;
