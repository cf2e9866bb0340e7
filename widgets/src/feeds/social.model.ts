/**
 * A post's likes and bookmark as this viewer sees them, and the viewer's report of it.
 * Like and bookmark change on screen at once and go back when the server refuses; a
 * report is sent once (a second one is the server's 409 `reports.duplicate`). A view
 * makes one per post card (`useModel`).
 */
import { batch, createModel, signal } from '@preact/signals-core';
import { failure, success, type ActionError, type Outcome } from '../session/outcome.js';
import type { Session } from '../session/session.js';
import { REPORT_DESCRIPTION_MAX, REPORT_TITLE_MAX, reactionBody, type ReactionAction } from './social-api.js';

/** What a post says of its likes and of this viewer's reactions. */
export interface SocialCounts {
  totalLike: number;
  isLiked: boolean;
  isBookMarked: boolean;
}

export type ReportState = { status: 'idle' } | { status: 'sending' } | { status: 'sent' } | { status: 'failed'; error: ActionError };

export const PostSocialModel = createModel((session: Session, postId: string, initial: SocialCounts) => {
  const liked = signal(initial.isLiked);
  const likes = signal(initial.totalLike);
  const bookmarked = signal(initial.isBookMarked);
  /** Reactions with a call in flight: a second click waits for the first answer. */
  const pending = signal<ReadonlySet<ReactionAction>>(new Set());
  /** Why the last like or bookmark went back, until the next one. */
  const error = signal<ActionError | null>(null);
  const report = signal<ReportState>({ status: 'idle' });

  const without = (set: ReadonlySet<ReactionAction>, action: ReactionAction) => new Set([...set].filter((item) => item !== action));

  /** Adds or takes back one reaction: shown at once, restored as it was when the call fails. */
  async function react(action: ReactionAction, on: boolean): Promise<Outcome<boolean>> {
    if (pending.peek().has(action)) return success(action === 'like' ? liked.peek() : bookmarked.peek());
    const before = { liked: liked.peek(), likes: likes.peek(), bookmarked: bookmarked.peek() };
    batch(() => {
      if (action === 'like') {
        if (before.liked !== on) likes.value = Math.max(0, before.likes + (on ? 1 : -1));
        liked.value = on;
      } else bookmarked.value = on;
      pending.value = new Set([...pending.peek(), action]);
      error.value = null;
    });
    const body = reactionBody(postId, action);
    const outcome = on ? await session.api.reactions.add(body) : await session.api.reactions.remove(body);
    batch(() => {
      pending.value = without(pending.peek(), action);
      if (outcome.ok) return;
      if (action === 'like') {
        liked.value = before.liked;
        likes.value = before.likes;
      } else bookmarked.value = before.bookmarked;
      error.value = outcome.error;
    });
    return outcome.ok ? success(on) : failure(outcome.error);
  }

  /** Likes the post, or takes the like back; answers whether it is now liked. */
  const toggleLike = () => react('like', !liked.peek());
  /** Bookmarks the post, or takes the bookmark back; answers whether it is now bookmarked. */
  const toggleBookmark = () => react('bookmark', !bookmarked.peek());

  /** The post was read again: its counts replace ours, unless a change of ours is still on its way. */
  function sync(next: SocialCounts): void {
    if (pending.peek().size > 0) return;
    batch(() => {
      liked.value = next.isLiked;
      likes.value = next.totalLike;
      bookmarked.value = next.isBookMarked;
    });
  }

  /**
   * Reports the post to the staff with the viewer's reason: its first line (cut to the
   * title's limit) is the title, the whole text the description.
   */
  async function sendReport(reason: string): Promise<Outcome<void>> {
    const text = reason.trim();
    if (!text || report.peek().status === 'sending') return success(undefined);
    report.value = { status: 'sending' };
    const title = (text.split('\n')[0] ?? text).trim().slice(0, REPORT_TITLE_MAX);
    const outcome = await session.api.reports.create({ target: 'feed', targetId: postId, title, description: text.slice(0, REPORT_DESCRIPTION_MAX) });
    report.value = outcome.ok ? { status: 'sent' } : { status: 'failed', error: outcome.error };
    return outcome.ok ? success(undefined) : failure(outcome.error);
  }

  /** Back to an empty report form (closed, or opened again after a failure). */
  function resetReport(): void {
    if (report.peek().status !== 'sending') report.value = { status: 'idle' };
  }

  return { liked, likes, bookmarked, pending, error, report, toggleLike, toggleBookmark, sync, sendReport, resetReport };
});
export type PostSocialModel = InstanceType<typeof PostSocialModel>;

/** A post's counts, with the defaults of an answer that lacks them. */
export const socialCountsOf = (post: { totalLike?: number; isLiked?: boolean; isBookMarked?: boolean }): SocialCounts => ({
  totalLike: post.totalLike ?? 0,
  isLiked: post.isLiked ?? false,
  isBookMarked: post.isBookMarked ?? false,
});
