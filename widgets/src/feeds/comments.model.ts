/**
 * A post's comments: pages of them, newest first with the pinned one on top (the server
 * orders them so); replies one level deep, oldest first, read per comment; writing,
 * deleting, and what the post's creator does with them (pin, unpin, block the author).
 * A view makes one per post card (`useModel`); nothing is read until `load`.
 */
import { batch, createModel, signal } from '@preact/signals-core';
import { unexpectedAnswer } from '../session/money-action.js';
import { failure, success, type ActionError, type Outcome } from '../session/outcome.js';
import type { Session } from '../session/session.js';
import { isPostComment, type PostComment } from './social-api.js';

export const COMMENT_PAGE_SIZE = 10;
export const REPLY_PAGE_SIZE = 10;

export type CommentPage =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; items: PostComment[]; total: number; loadingMore: boolean }
  | { status: 'failed'; error: ActionError };

export type Sending = { status: 'sending' } | { status: 'failed'; error: ActionError };

/** What is being done to one comment, or why it failed. */
export type CommentAction = { status: 'busy'; action: 'delete' | 'pin' | 'unpin' | 'block' } | { status: 'failed'; error: ActionError };

/** The key of the top-level composer in `sending`; a reply's is its parent's id. */
export const TOP_LEVEL = '';

/** Pinned first, then newest first: the server's order, kept after local changes. */
const ordered = (items: readonly PostComment[]) =>
  [...items].sort((a, b) => Number(b.isPinned) - Number(a.isPinned) || (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));

export const CommentsModel = createModel((session: Session, postId: string) => {
  const thread = signal<CommentPage>({ status: 'idle' });
  /** Each opened comment's replies, by its id. */
  const replies = signal<ReadonlyMap<string, CommentPage>>(new Map());
  /** Composers with a comment on its way or refused, by TOP_LEVEL or the parent's id. */
  const sending = signal<ReadonlyMap<string, Sending>>(new Map());
  const actions = signal<ReadonlyMap<string, CommentAction>>(new Map());
  /** Authors the creator blocked from here. */
  const blocked = signal<ReadonlySet<string>>(new Set());
  let loads = 0;

  const withEntry = <V>(map: ReadonlyMap<string, V>, key: string, value: V | null) => {
    const next = new Map(map);
    if (value === null) next.delete(key);
    else next.set(key, value);
    return next;
  };
  const setReplies = (parentId: string, page: CommentPage | null) => void (replies.value = withEntry(replies.peek(), parentId, page));
  const setAction = (id: string, action: CommentAction | null) => void (actions.value = withEntry(actions.peek(), id, action));

  function page(offset: number, parentId?: string) {
    const base = { objectType: 'feed', objectId: postId, offset };
    return parentId
      ? session.api.comments.search.list({ ...base, parentId, limit: REPLY_PAGE_SIZE })
      : session.api.comments.search.list({ ...base, limit: COMMENT_PAGE_SIZE, sortBy: 'createdAt', sort: 'desc' });
  }

  /** Reads the first page of comments (again). */
  async function load(): Promise<void> {
    const load = ++loads;
    thread.value = { status: 'loading' };
    const outcome = await page(0);
    if (load !== loads) return;
    thread.value = outcome.ok ? { status: 'ready', items: ordered(outcome.value.data), total: outcome.value.total, loadingMore: false } : { status: 'failed', error: outcome.error };
  }

  /** Appends the next page to `read`; new comments shift the pages, so those already here are skipped. */
  async function appendPage(current: CommentPage, write: (page: CommentPage) => void, read: () => CommentPage, parentId?: string): Promise<void> {
    if (current.status !== 'ready' || current.loadingMore || current.items.length >= current.total) return;
    write({ ...current, loadingMore: true });
    const outcome = await page(current.items.length, parentId);
    const now = read();
    if (now.status !== 'ready') return;
    if (!outcome.ok) return write({ ...now, loadingMore: false });
    const known = new Set(now.items.map((comment) => comment._id));
    const added = outcome.value.data.filter((comment) => !known.has(comment._id));
    const items = parentId ? [...now.items, ...added] : ordered([...now.items, ...added]);
    // A page with nothing new (all shifted in by other writers) ends the paging rather than asking forever.
    write({ status: 'ready', items, total: added.length > 0 ? outcome.value.total : items.length, loadingMore: false });
  }

  /** The next page of comments; nothing while one loads or when all are here. */
  const more = () => appendPage(thread.peek(), (next) => void (thread.value = next), () => thread.peek());

  /** Reads a comment's first page of replies. */
  async function loadReplies(parentId: string): Promise<void> {
    setReplies(parentId, { status: 'loading' });
    const outcome = await page(0, parentId);
    setReplies(parentId, outcome.ok ? { status: 'ready', items: outcome.value.data, total: outcome.value.total, loadingMore: false } : { status: 'failed', error: outcome.error });
  }

  const moreReplies = (parentId: string) =>
    appendPage(
      replies.peek().get(parentId) ?? { status: 'idle' },
      (next) => setReplies(parentId, next),
      () => replies.peek().get(parentId) ?? { status: 'idle' },
      parentId,
    );

  /** Hides a comment's replies (they are read again when shown). */
  const closeReplies = (parentId: string) => setReplies(parentId, null);

  /** Changes one top-level comment where it is listed. */
  function updateComment(id: string, change: (comment: PostComment) => PostComment): void {
    const current = thread.peek();
    if (current.status === 'ready') thread.value = { ...current, items: current.items.map((comment) => (comment._id === id ? change(comment) : comment)) };
  }

  /** Writes a comment, or a reply to `parentId`; it shows at once where it belongs. */
  async function post(content: string, parentId?: string): Promise<Outcome<PostComment>> {
    const text = content.trim();
    const key = parentId ?? TOP_LEVEL;
    if (!text || sending.peek().get(key)?.status === 'sending') return failure({ status: -1, code: 'request.cancelled', message: '' });
    sending.value = withEntry(sending.peek(), key, { status: 'sending' });
    const outcome = await session.api.comments.create({ objectType: 'feed', objectId: postId, content: text, ...(parentId ? { parentId } : {}) });
    const comment = outcome.ok && isPostComment(outcome.value) ? outcome.value : null;
    if (!comment) {
      const error = outcome.ok ? unexpectedAnswer(outcome.value) : outcome.error;
      sending.value = withEntry(sending.peek(), key, { status: 'failed', error });
      return failure(error);
    }
    batch(() => {
      sending.value = withEntry(sending.peek(), key, null);
      if (parentId) {
        updateComment(parentId, (parent) => ({ ...parent, totalReply: parent.totalReply + 1 }));
        const open = replies.peek().get(parentId);
        setReplies(parentId, open?.status === 'ready' ? { ...open, items: [...open.items, comment], total: open.total + 1 } : { status: 'ready', items: [comment], total: 1, loadingMore: false });
        return;
      }
      const current = thread.peek();
      thread.value =
        current.status === 'ready'
          ? { ...current, items: ordered([comment, ...current.items]), total: current.total + 1 }
          : { status: 'ready', items: [comment], total: 1, loadingMore: false };
    });
    return success(comment);
  }

  /** Forgets a composer's failure (the text was edited). */
  const clearSending = (parentId?: string) => {
    if (sending.peek().get(parentId ?? TOP_LEVEL)?.status === 'failed') sending.value = withEntry(sending.peek(), parentId ?? TOP_LEVEL, null);
  };

  /** Runs one action on a comment with its busy and failed states; none while another runs on it. */
  async function act<T>(comment: PostComment, action: 'delete' | 'pin' | 'unpin' | 'block', call: () => Promise<Outcome<T>>, done: (value: T) => void): Promise<Outcome<T>> {
    if (actions.peek().get(comment._id)?.status === 'busy') return failure({ status: -1, code: 'request.cancelled', message: '' });
    setAction(comment._id, { status: 'busy', action });
    const outcome = await call();
    batch(() => {
      setAction(comment._id, outcome.ok ? null : { status: 'failed', error: outcome.error });
      if (outcome.ok) done(outcome.value);
    });
    return outcome;
  }

  /** Deletes a comment (one's own; the post's creator any); its replies go with it. */
  const remove = (comment: PostComment) =>
    act(comment, 'delete', () => session.api.comments.delete({ id: comment._id }), () => {
      const parentId = comment.parentId;
      if (parentId) {
        const open = replies.peek().get(parentId);
        if (open?.status === 'ready') setReplies(parentId, { ...open, items: open.items.filter((reply) => reply._id !== comment._id), total: Math.max(0, open.total - 1) });
        updateComment(parentId, (parent) => ({ ...parent, totalReply: Math.max(0, parent.totalReply - 1) }));
        return;
      }
      setReplies(comment._id, null);
      const current = thread.peek();
      if (current.status === 'ready') thread.value = { ...current, items: current.items.filter((item) => item._id !== comment._id), total: Math.max(0, current.total - 1) };
    });

  /** The post's creator pins a top-level comment (the one pinned before is unpinned) or unpins it. */
  function setPinned(comment: PostComment, pinned: boolean) {
    const pin = pinned ? session.api.comments.pin : session.api.comments.unpin;
    return act(comment, pinned ? 'pin' : 'unpin', () => pin({ id: comment._id }), () => {
      const current = thread.peek();
      if (current.status !== 'ready') return;
      const items = current.items.map((item) => (item._id === comment._id ? { ...item, isPinned: pinned } : pinned ? { ...item, isPinned: false } : item));
      thread.value = { ...current, items: ordered(items) };
    });
  }
  const pin = (comment: PostComment) => setPinned(comment, true);
  const unpin = (comment: PostComment) => setPinned(comment, false);

  /** The post's creator blocks the comment's author: they no longer see the creator's posts. */
  const block = (comment: PostComment) =>
    act(comment, 'block', () => session.api.blocks.block({ targetId: comment.creator._id }), () => {
      blocked.value = new Set([...blocked.peek(), comment.creator._id]);
    });

  /** Forgets a failed action's message. */
  const dismiss = (comment: PostComment) => {
    if (actions.peek().get(comment._id)?.status === 'failed') setAction(comment._id, null);
  };

  return { thread, replies, sending, actions, blocked, load, more, loadReplies, moreReplies, closeReplies, post, clearSending, remove, pin, unpin, block, dismiss };
});
export type CommentsModel = InstanceType<typeof CommentsModel>;
