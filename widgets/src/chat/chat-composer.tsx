import { useId, useRef, type FormEvent, type KeyboardEvent } from 'react';
import { MESSAGE_FILES_MAX, MESSAGE_TEXT_MAX } from '@fandeck/contract';
import { useTranslation } from '../i18n/index.js';
import { useSession, useSignalValue } from '../session/react.js';
import { FormError, SubmitButton, useErrorText, useModel } from '../ui/index.js';
import type { ChatModel } from './chat.model.js';
import { ComposerModel, type Attachment } from './composer.model.js';

export interface ChatComposerProps {
  chat: ChatModel;
  conversationId: string;
  origin: string;
}

/**
 * Writing a message: the text (Enter sends, Shift+Enter breaks the line), photos, videos
 * and audio uploaded with a progress bar each (cancellable), and for creators a price that
 * locks the files. What is sent shows at once in the thread and survives a reload.
 * Parts: `composer`, `input`, `attach`, `file-input`, `attachments`, `attachment`
 * (`data-state`), `progress`, `remove-file`, `price-input`, `send`, `error`.
 */
export function ChatComposer({ chat, conversationId, origin }: ChatComposerProps) {
  const { t } = useTranslation();
  const session = useSession();
  const errorText = useErrorText();
  const composer = useModel(() => new ComposerModel(session));
  const text = useSignalValue(composer.text);
  const price = useSignalValue(composer.price);
  const attachments = useSignalValue(composer.attachments);
  const problem = useSignalValue(composer.problem);
  const canSend = useSignalValue(composer.canSend);
  const creator = useSignalValue(session.user.current)?.isPerformer === true;
  const fileInput = useRef<HTMLInputElement>(null);
  const id = useId();
  const hasFiles = attachments.some((item) => item.status === 'done');

  function submit(event?: FormEvent<HTMLFormElement>) {
    event?.preventDefault();
    const draft = composer.draft();
    if (!draft) return;
    const outcome = chat.send(conversationId, draft, origin);
    if (outcome.ok) composer.reset();
  }

  function onKey(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent?.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  const problemText =
    problem === 'too-long'
      ? t('chat.composer.tooLong', { max: MESSAGE_TEXT_MAX })
      : problem === 'too-many'
        ? t('chat.composer.tooMany', { max: MESSAGE_FILES_MAX })
        : problem === 'unsupported'
          ? t('chat.composer.unsupported')
          : problem === 'price'
            ? t('chat.composer.priceInvalid')
            : null;

  return (
    <form className="fan-chat__composer" part="composer" onSubmit={submit}>
      {attachments.length > 0 ? (
        <ul className="fan-chat__attachments" part="attachments">
          {attachments.map((item) => (
            <AttachmentRow key={item.id} item={item} onRemove={() => composer.remove(item.id)} errorText={item.error ? errorText(item.error) : null} />
          ))}
        </ul>
      ) : null}
      {creator && hasFiles ? (
        <div className="fan-field fan-chat__price">
          <label className="fan-label" htmlFor={`${id}-price`}>
            {t('chat.composer.price')}
          </label>
          <input
            id={`${id}-price`}
            className="fan-input"
            part="price-input"
            inputMode="decimal"
            value={price}
            aria-invalid={problem === 'price' || undefined}
            aria-describedby={`${id}-price-hint`}
            onChange={(event) => composer.setPrice(event.target.value)}
          />
          <p id={`${id}-price-hint`} className="fan-hint">
            {t('chat.composer.priceHint')}
          </p>
        </div>
      ) : null}
      <FormError>{problemText}</FormError>
      <div className="fan-chat__compose-row">
        <button type="button" className="fan-chat__attach" part="attach" aria-label={t('chat.composer.attach')} title={t('chat.composer.attach')} onClick={() => fileInput.current?.click()}>
          +
        </button>
        <input
          ref={fileInput}
          type="file"
          part="file-input"
          hidden
          multiple
          accept="image/*,video/*,audio/*"
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            void composer.attach(files);
          }}
        />
        <label className="fan-visually-hidden" htmlFor={`${id}-text`}>
          {t('chat.composer.label')}
        </label>
        <textarea
          id={`${id}-text`}
          className="fan-input fan-chat__input"
          part="input"
          rows={1}
          value={text}
          placeholder={t('chat.composer.placeholder')}
          aria-invalid={problem === 'too-long' || undefined}
          onChange={(event) => composer.setText(event.target.value)}
          onKeyDown={onKey}
        />
        <SubmitButton part="send" disabled={!canSend}>
          {t('chat.composer.send')}
        </SubmitButton>
      </div>
    </form>
  );
}

function AttachmentRow({ item, onRemove, errorText }: { item: Attachment; onRemove: () => void; errorText: string | null }) {
  const { t } = useTranslation();
  const uploading = item.status === 'uploading';
  return (
    <li className="fan-chat__attachment" part="attachment" data-state={item.status}>
      <span className="fan-chat__attachment-name">{uploading ? t('chat.composer.uploading', { name: item.name }) : item.status === 'done' ? t('chat.composer.uploaded', { name: item.name }) : t('chat.composer.uploadFailed', { name: item.name })}</span>
      {uploading ? <progress part="progress" max={100} value={item.progress} aria-label={t('chat.composer.uploading', { name: item.name })} /> : null}
      <button
        type="button"
        className="fan-link"
        part="remove-file"
        aria-label={uploading ? t('chat.composer.cancel', { name: item.name }) : t('chat.composer.remove', { name: item.name })}
        onClick={onRemove}
      >
        ×
      </button>
      {errorText ? <FormError>{errorText}</FormError> : null}
    </li>
  );
}
