import { useId, useState } from 'react';
import { useTranslation } from '../i18n/index.js';
import { useSignalValue } from '../session/react.js';
import { FormError, useErrorText } from '../ui/index.js';
import { CommentComposer } from './comment-composer.js';
import type { CommentsModel } from './comments.model.js';
import type { FeedPost } from './feeds-api.js';
import { authorName, type PostComment } from './social-api.js';

export interface CommentItemProps {
  model: CommentsModel;
  comment: PostComment;
  post: FeedPost;
  /** The signed-in viewer's id; null signed out. */
  viewerId: string | null;
}

/**
 * One comment: its author, the pinned mark, the text; replying (top-level comments only:
 * replies are one level deep) and its replies on demand; and its menu: delete for its
 * author, and for the post's creator delete, pin or unpin, and block the author.
 */
export function CommentItem({ model, comment, post, viewerId }: CommentItemProps) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const action = useSignalValue(model.actions).get(comment._id) ?? null;
  const blocked = useSignalValue(model.blocked).has(comment.creator._id);
  const replies = useSignalValue(model.replies).get(comment._id) ?? null;
  const [replying, setReplying] = useState(false);
  const name = authorName(comment);
  const topLevel = comment.parentId === null;
  const byCreator = comment.creator._id === post.performer._id;
  const date = new Date(comment.createdAt).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <li className="comment" data-comment={comment._id} data-pinned={comment.isPinned || undefined}>
      <header className="comment__header">
        <img className="feed-card__avatar" src={comment.creator.avatar} alt="" width={24} height={24} />
        <strong>{name}</strong>
        {byCreator ? <span className="badge">{t('feeds.comments.creator')}</span> : null}
        {comment.isPinned ? <span className="badge comment__pinned">{t('feeds.comments.pinned')}</span> : null}
        {blocked ? <span className="badge">{t('feeds.comments.blocked')}</span> : null}
        <time className="muted" dateTime={comment.createdAt}>
          {date}
        </time>
        <CommentMenu model={model} comment={comment} post={post} viewerId={viewerId} name={name} blocked={blocked} />
      </header>
      <p className="comment__text">{comment.content}</p>
      <FormError>{action?.status === 'failed' ? errorText(action.error) : null}</FormError>
      {topLevel ? (
        <div className="post-social__row">
          {viewerId && !replying ? (
            <button type="button" className="button button--ghost" onClick={() => setReplying(true)}>
              {t('feeds.comments.reply')}
            </button>
          ) : null}
          {comment.totalReply > 0 || replies ? (
            <button
              type="button"
              className="button button--ghost"
              aria-expanded={replies !== null}
              onClick={() => (replies ? model.closeReplies(comment._id) : void model.loadReplies(comment._id))}
            >
              {replies ? t('feeds.comments.hideReplies') : t('feeds.comments.showReplies', { count: comment.totalReply })}
            </button>
          ) : null}
        </div>
      ) : null}
      {replying ? <CommentComposer model={model} parentId={comment._id} label={t('feeds.comments.writeReply', { name })} onClose={() => setReplying(false)} /> : null}
      {replies ? <Replies model={model} parent={comment} post={post} viewerId={viewerId} /> : null}
    </li>
  );
}

function Replies({ model, parent, post, viewerId }: { model: CommentsModel; parent: PostComment; post: FeedPost; viewerId: string | null }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const page = useSignalValue(model.replies).get(parent._id);
  if (!page || page.status === 'idle') return null;
  if (page.status === 'loading') {
    return (
      <p className="muted" role="status" aria-busy="true">
        {t('feeds.comments.loadingReplies')}
      </p>
    );
  }
  if (page.status === 'failed') {
    return (
      <div>
        <FormError>{errorText(page.error)}</FormError>
        <button type="button" className="button" onClick={() => void model.loadReplies(parent._id)}>
          {t('feeds.comments.retry')}
        </button>
      </div>
    );
  }
  return (
    <>
      <ol className="comments__list comments__replies">
        {page.items.map((reply) => (
          <CommentItem key={reply._id} model={model} comment={reply} post={post} viewerId={viewerId} />
        ))}
      </ol>
      {page.items.length < page.total ? (
        <button type="button" className="button button--ghost" disabled={page.loadingMore} onClick={() => void model.moreReplies(parent._id)}>
          {page.loadingMore ? t('feeds.comments.loadingMore') : t('feeds.comments.moreReplies')}
        </button>
      ) : null}
    </>
  );
}

type Confirming = 'delete' | 'block' | null;

/**
 * The comment's actions behind one button; deleting and blocking ask first, in place (an
 * embed's page may not allow dialogs). Nothing is rendered when the viewer may do nothing.
 */
function CommentMenu({ model, comment, post, viewerId, name, blocked }: Omit<CommentItemProps, 'viewerId'> & { viewerId: string | null; name: string; blocked: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const busy = useSignalValue(model.actions).get(comment._id)?.status === 'busy';
  const own = viewerId !== null && viewerId === comment.creator._id;
  const postOwner = viewerId !== null && viewerId === post.performer._id;
  const canPin = postOwner && comment.parentId === null;
  const canBlock = postOwner && !own && !blocked;
  if (!own && !postOwner) return null;

  const close = () => {
    setOpen(false);
    setConfirming(null);
  };
  async function run(action: () => Promise<{ ok: boolean }>) {
    const outcome = await action();
    if (outcome.ok) close();
  }

  return (
    <div className="comment__menu">
      <button type="button" className="button button--ghost" aria-expanded={open} aria-controls={`${id}-menu`} aria-label={t('feeds.comments.menu', { name })} onClick={() => (open ? close() : setOpen(true))}>
        <span aria-hidden="true">⋯</span>
      </button>
      {open ? (
        <div id={`${id}-menu`} className="comment__menu-items">
          {confirming ? (
            <div role="group" aria-labelledby={`${id}-confirm`} className="stack">
              <p id={`${id}-confirm`}>{confirming === 'block' ? t('feeds.comments.confirmBlock', { name }) : t('feeds.comments.confirmDelete')}</p>
              <div className="post-social__row">
                <button
                  type="button"
                  className="button button--primary"
                  disabled={busy}
                  onClick={() => void run(() => (confirming === 'block' ? model.block(comment) : model.remove(comment)))}
                >
                  {confirming === 'block' ? t('feeds.comments.confirmBlockYes') : t('feeds.comments.delete')}
                </button>
                <button type="button" className="button" onClick={() => setConfirming(null)}>
                  {t('feeds.comments.cancel')}
                </button>
              </div>
            </div>
          ) : (
            <>
              {canPin ? (
                <button type="button" className="button" disabled={busy} onClick={() => void run(() => (comment.isPinned ? model.unpin(comment) : model.pin(comment)))}>
                  {comment.isPinned ? t('feeds.comments.unpin') : t('feeds.comments.pin')}
                </button>
              ) : null}
              {canBlock ? (
                <button type="button" className="button" disabled={busy} onClick={() => setConfirming('block')}>
                  {t('feeds.comments.block')}
                </button>
              ) : null}
              <button type="button" className="button" disabled={busy} onClick={() => setConfirming('delete')}>
                {t('feeds.comments.delete')}
              </button>
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}
