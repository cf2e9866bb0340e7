import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/index.js';
import { useSignalValue } from '../session/react.js';
import { FormError, useErrorText } from '../ui/index.js';
import { TOP_LEVEL, type CommentsModel } from './comments.model.js';
import { COMMENT_MAX } from './social-api.js';

export interface CommentComposerProps {
  model: CommentsModel;
  /** A reply to this top-level comment; a comment on the post without it. */
  parentId?: string;
  /** The field's label (default: write a comment). */
  label?: string;
  /** After a reply was sent, or on cancel. */
  onClose?: () => void;
}

/** The box a comment or a reply is written in; it empties once the comment is posted. */
export function CommentComposer({ model, parentId, label, onClose }: CommentComposerProps) {
  const { t } = useTranslation();
  const id = useId();
  const errorText = useErrorText();
  const state = useSignalValue(model.sending).get(parentId ?? TOP_LEVEL) ?? null;
  const [text, setText] = useState('');
  const sending = state?.status === 'sending';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const outcome = await model.post(text, parentId);
    if (!outcome.ok) return;
    setText('');
    onClose?.();
  }

  return (
    <form className="comments__composer" noValidate onSubmit={(event) => void submit(event)} aria-busy={sending} data-testid={parentId ? 'reply-composer' : 'comment-composer'}>
      <div className="form__field">
        <label htmlFor={`${id}-text`}>{label ?? t('feeds.comments.write')}</label>
        <textarea
          id={`${id}-text`}
          rows={parentId ? 2 : 3}
          maxLength={COMMENT_MAX}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            model.clearSending(parentId);
          }}
        />
      </div>
      <FormError>{state?.status === 'failed' ? errorText(state.error) : null}</FormError>
      <div className="post-social__row">
        <button type="submit" className="button button--primary" disabled={sending || !text.trim()}>
          {sending ? t('feeds.comments.sending') : parentId ? t('feeds.comments.sendReply') : t('feeds.comments.send')}
        </button>
        {onClose ? (
          <button type="button" className="button" onClick={onClose}>
            {t('feeds.comments.cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
