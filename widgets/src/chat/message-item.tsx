import { useEffect } from 'react';
import { DELETED_MESSAGE_TEXT, type MessageDto, type MessageFileDto, type MessageUploadDto } from '@fandeck/contract';
import { formatDate } from '../format/date.js';
import { formatMoney } from '../format/money.js';
import { useTranslation } from '../i18n/index.js';
import { useSignalValue } from '../session/react.js';
import { FormError, useErrorText } from '../ui/index.js';
import type { ThreadItem } from './chat-messages.js';
import type { OutboxEntry } from './chat-outbox.js';
import type { ChatModel } from './chat.model.js';
import { LockedMessage, MessageAudio, MessagePhoto, MessageVideo } from './message-media.js';

export interface MessageItemProps {
  chat: ChatModel;
  item: ThreadItem;
  me: string | null;
}

/**
 * One message. Stored: its text and files, a locked paid message's unlock, the time, and
 * for its sender the delete (a deleted one says so in the reader's language, never the
 * server's English). Ours still in the outbox: sending, waiting for the network, or
 * refused with why, to resend or discard. Part `message` (`data-state`: `sent`,
 * `deleted`, `locked`, `pending`, `waiting`, `failed`; `data-mine`), and `text`,
 * `files`, `photo`, `video`, `audio`, `time`, `price`, `delete`, `unlock`, `unlock-button`,
 * `deleted`, `status`,
 * `retry-send`, `discard`.
 */
export function MessageItem({ chat, item, me }: MessageItemProps) {
  return item.kind === 'stored' ? <StoredMessage chat={chat} message={item.message} mine={item.message.senderId === me} /> : <OutboxMessage chat={chat} entry={item.entry} />;
}

function StoredMessage({ chat, message, mine }: { chat: ChatModel; message: MessageDto; mine: boolean }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const action = useSignalValue(chat.actions).get(message._id);
  const unlock = useSignalValue(chat.unlocks).get(message._id) ?? null;
  const price = formatMoney(message.price, i18n.language);

  // Shown to its reader in an open thread: a paid or media message counts as opened.
  useEffect(() => chat.markOpened(message), [chat, message]);

  if (message.isDeleted) {
    return (
      <li className="fan-chat__message" part="message" data-state="deleted" data-mine={mine || undefined}>
        <p className="fan-chat__deleted" part="deleted">
          {t('chat.message.deleted')}
        </p>
      </li>
    );
  }
  const text = message.text === DELETED_MESSAGE_TEXT ? '' : message.text;
  return (
    <li className="fan-chat__message" part="message" data-id={message._id} data-state={message.isLocked ? 'locked' : 'sent'} data-mine={mine || undefined}>
      {text ? (
        <p className="fan-chat__text" part="text">
          {text}
        </p>
      ) : null}
      {message.isLocked ? (
        <LockedMessage price={price} step={unlock} onUnlock={() => void chat.unlock(message._id)} />
      ) : message.files.length > 0 ? (
        <MessageFiles messageId={message._id} files={message.files} />
      ) : null}
      <p className="fan-chat__meta">
        {mine && message.price > 0 ? (
          <span part="price">{t('chat.message.paid', { price })}</span>
        ) : null}
        <time part="time" dateTime={message.createdAt}>
          {formatDate(message.createdAt, i18n.language, { timeStyle: 'short' })}
        </time>
        {mine ? (
          <button type="button" className="fan-link" part="delete" disabled={action?.status === 'busy'} onClick={() => void chat.remove(message._id)}>
            {action?.status === 'busy' ? t('chat.message.deleting') : t('chat.message.delete')}
          </button>
        ) : null}
      </p>
      {action?.status === 'failed' ? <FormError>{errorText(action.error)}</FormError> : null}
    </li>
  );
}

/** A stored message's files, opened for this reader (signed links, loaded through the transport). */
function MessageFiles({ messageId, files }: { messageId: string; files: MessageFileDto[] }) {
  return (
    <div className="fan-chat__files" part="files">
      {files.map((file) =>
        file.type === 'video' ? (
          <MessageVideo key={file._id} messageId={messageId} file={file} />
        ) : file.type === 'audio' ? (
          file.url ? <MessageAudio key={file._id} file={file} /> : null
        ) : file.url || file.thumbnailUrl ? (
          <MessagePhoto key={file._id} file={file} />
        ) : null,
      )}
    </div>
  );
}

function OutboxMessage({ chat, entry }: { chat: ChatModel; entry: OutboxEntry }) {
  const { t } = useTranslation();
  const state = entry.status === 'failed' ? 'failed' : entry.retrying ? 'waiting' : 'pending';
  return (
    <li className="fan-chat__message" part="message" data-state={state} data-mine="true" data-client-id={entry.clientId}>
      {entry.text ? (
        <p className="fan-chat__text" part="text">
          {entry.text}
        </p>
      ) : null}
      {entry.files.length > 0 ? <UploadPreviews files={entry.files} /> : null}
      {state === 'failed' ? (
        <div className="fan-chat__meta">
          <FormError>{entry.error?.message || t('chat.message.failed')}</FormError>
          <button type="button" className="fan-link" part="retry-send" onClick={() => chat.retry(entry.clientId)}>
            {t('chat.message.retry')}
          </button>
          <button type="button" className="fan-link" part="discard" onClick={() => chat.discard(entry.clientId)}>
            {t('chat.message.discard')}
          </button>
        </div>
      ) : (
        <p className="fan-chat__meta fan-chat__muted" part="status" role="status">
          {state === 'waiting' ? t('chat.message.waiting') : t('chat.message.sending')}
        </p>
      )}
    </li>
  );
}

/** The files of a message not yet stored, as uploaded. */
function UploadPreviews({ files }: { files: MessageUploadDto[] }) {
  const { t } = useTranslation();
  return (
    <div className="fan-chat__files" part="files">
      {files.map((file) =>
        file.type === 'photo' && file.url ? (
          <img key={file._id} part="photo" src={file.url} alt={t('chat.message.photo')} />
        ) : (
          <span key={file._id} className="fan-chat__muted">
            {file.type === 'audio' ? t('chat.message.audio') : t('chat.message.videoPending')}
          </span>
        ),
      )}
    </div>
  );
}
