import { useTranslation } from '../i18n/index.js';
import { useSession, useSignalValue } from '../session/react.js';
import { FormError, SignInPrompt, useErrorText } from '../ui/index.js';
import { CommentItem } from './comment-item.js';
import { CommentComposer } from './comment-composer.js';
import type { CommentsModel } from './comments.model.js';
import type { FeedPost } from './feeds-api.js';

/**
 * A post's comments, opened under it: the composer (signed in) or the sign-in prompt,
 * then the comments newest first with the pinned one on top, and more on demand.
 */
export function CommentsPanel({ model, post }: { model: CommentsModel; post: FeedPost }) {
  const { t } = useTranslation();
  const session = useSession();
  const errorText = useErrorText();
  const thread = useSignalValue(model.thread);
  const loggedIn = useSignalValue(session.auth.loggedIn);
  const viewer = useSignalValue(session.user.current);
  const viewerId = loggedIn ? (viewer?._id ?? null) : null;

  return (
    <section className="comments" aria-label={t('feeds.comments.title')} data-testid="comments">
      {loggedIn ? <CommentComposer model={model} /> : <SignInPrompt text={t('feeds.comments.signInToComment')} />}
      {thread.status === 'loading' || thread.status === 'idle' ? (
        <p className="muted" role="status" aria-busy="true">
          {t('feeds.comments.loading')}
        </p>
      ) : null}
      {thread.status === 'failed' ? (
        <div>
          <FormError>{errorText(thread.error)}</FormError>
          <button type="button" className="button" onClick={() => void model.load()}>
            {t('feeds.comments.retry')}
          </button>
        </div>
      ) : null}
      {thread.status === 'ready' && thread.items.length === 0 ? <p className="muted">{t('feeds.comments.empty')}</p> : null}
      {thread.status === 'ready' && thread.items.length > 0 ? (
        <ol className="comments__list">
          {thread.items.map((comment) => (
            <CommentItem key={comment._id} model={model} comment={comment} post={post} viewerId={viewerId} />
          ))}
        </ol>
      ) : null}
      {thread.status === 'ready' && thread.items.length < thread.total ? (
        <button type="button" className="button" disabled={thread.loadingMore} onClick={() => void model.more()}>
          {thread.loadingMore ? t('feeds.comments.loadingMore') : t('feeds.comments.more')}
        </button>
      ) : null}
    </section>
  );
}
