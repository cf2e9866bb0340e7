import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../i18n/index.js';
import { useSession, useSignalValue } from '../session/react.js';
import { FormError, SignInPrompt, useErrorText, useModel } from '../ui/index.js';
import { CommentsModel } from './comments.model.js';
import { CommentsPanel } from './comments.js';
import type { FeedPost } from './feeds-api.js';
import { ReportForm } from './report-form.js';
import { PostSocialModel, socialCountsOf } from './social.model.js';

type Open = 'comments' | 'report' | 'sign-in' | null;

/**
 * What sits under a post: like and bookmark (pressed or not, changed at once), the
 * comments (opened on demand) and a report of the post. Signed out, the buttons still
 * show the counts and ask the fan to sign in.
 */
export function PostSocial({ post }: { post: FeedPost }) {
  const { t } = useTranslation();
  const session = useSession();
  const id = useId();
  const social = useModel(() => new PostSocialModel(session, post._id, socialCountsOf(post)));
  const comments = useModel(() => new CommentsModel(session, post._id));
  const loggedIn = useSignalValue(session.auth.loggedIn);
  const liked = useSignalValue(social.liked);
  const likes = useSignalValue(social.likes);
  const bookmarked = useSignalValue(social.bookmarked);
  const pending = useSignalValue(social.pending);
  const error = useSignalValue(social.error);
  const thread = useSignalValue(comments.thread);
  const errorText = useErrorText();
  const [open, setOpen] = useState<Open>(null);

  // The post was read again (an unlock, a sign-in): its counts are the news.
  const { totalLike, isLiked, isBookMarked } = socialCountsOf(post);
  useEffect(() => social.sync({ totalLike, isLiked, isBookMarked }), [social, totalLike, isLiked, isBookMarked]);

  const toggle = (what: Exclude<Open, null>) => setOpen((current) => (current === what ? null : what));
  function react(action: () => unknown) {
    if (!loggedIn) return setOpen('sign-in');
    void action();
  }
  function openComments() {
    if (open !== 'comments' && thread.status !== 'ready' && thread.status !== 'loading') void comments.load();
    toggle('comments');
  }

  const count = thread.status === 'ready' ? thread.total : post.totalComment;
  return (
    <div className="post-social" data-testid="post-social">
      <div className="post-social__bar" role="group" aria-label={t('feeds.social.actions')}>
        <button type="button" className="button post-social__like" aria-pressed={liked} disabled={pending.has('like')} onClick={() => react(social.toggleLike)}>
          <span aria-hidden="true">{liked ? '♥' : '♡'}</span> {t('feeds.social.like')} <span className="post-social__count" data-testid="like-count">{likes}</span>
        </button>
        <button type="button" className="button" aria-pressed={bookmarked} disabled={pending.has('bookmark')} onClick={() => react(social.toggleBookmark)}>
          {t('feeds.social.bookmark')}
        </button>
        <button type="button" className="button" aria-expanded={open === 'comments'} aria-controls={`${id}-comments`} onClick={openComments}>
          {count === undefined ? t('feeds.social.comments') : t('feeds.social.commentsCount', { count })}
        </button>
        <button type="button" className="button post-social__report" aria-expanded={open === 'report'} aria-controls={`${id}-report`} onClick={() => toggle('report')}>
          {t('feeds.social.report')}
        </button>
      </div>
      <FormError>{error ? errorText(error) : null}</FormError>
      {open === 'sign-in' ? <SignInPrompt text={t('feeds.social.signInToReact')} /> : null}
      {open === 'comments' ? (
        <div id={`${id}-comments`}>
          <CommentsPanel model={comments} post={post} />
        </div>
      ) : null}
      {open === 'report' ? (
        <div id={`${id}-report`}>{loggedIn ? <ReportForm model={social} onClose={() => setOpen(null)} /> : <SignInPrompt text={t('feeds.social.signInToReport')} />}</div>
      ) : null}
    </div>
  );
}
