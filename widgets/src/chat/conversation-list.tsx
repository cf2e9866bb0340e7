import { DELETED_MESSAGE_TEXT, type ConversationDto } from '@fandeck/contract';
import { formatDate } from '../format/date.js';
import { useTranslation } from '../i18n/index.js';
import { useSignalValue } from '../session/react.js';
import { FormError, SubmitButton, useErrorText } from '../ui/index.js';
import type { ChatModel } from './chat.model.js';

export interface ConversationListProps {
  chat: ChatModel;
  selected: string | null;
  onSelect: (conversationId: string) => void;
}

/** A conversation's name as the list and the thread show it. */
export function conversationName(conversation: ConversationDto | undefined, fallback: string): string {
  const other = conversation?.recipientInfo;
  return other?.name || other?.username || fallback;
}

/**
 * The conversations, newest activity first: who, the last message (in the reader's
 * language when it was deleted), when, and the unread badge; the total unread above.
 * Parts: `list`, `heading`, `total`, `conversations`, `conversation` (`data-unread`),
 * `avatar`, `name`, `last`, `time`, `badge`, `more`, `empty`, `loading`, `error`, `retry`.
 */
export function ConversationList({ chat, selected, onSelect }: ConversationListProps) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const state = useSignalValue(chat.conversations);
  const total = useSignalValue(chat.totalUnread);
  const me = useSignalValue(chat.userId);

  const lastLine = (conversation: ConversationDto) => {
    const text = conversation.lastMessage;
    const line = text === DELETED_MESSAGE_TEXT ? t('chat.message.deleted') : text || (conversation.lastMessageCreatedAt ? t('chat.list.attachment') : t('chat.list.noMessages'));
    return conversation.lastSenderId && conversation.lastSenderId === me ? t('chat.list.you', { text: line }) : line;
  };

  return (
    <nav className="fan-chat__list" part="list" aria-label={t('chat.list.label')}>
      <h2 className="fan-chat__heading" part="heading">
        {t('chat.title')}
        {total > 0 ? (
          <span className="fan-chat__badge" part="total" aria-label={t('chat.unreadTotal', { count: total })}>
            {total}
          </span>
        ) : null}
      </h2>
      {state.status === 'loading' || state.status === 'idle' ? (
        <p className="fan-chat__muted" part="loading" aria-busy="true">
          {t('chat.loading')}
        </p>
      ) : state.status === 'failed' ? (
        <>
          <FormError>{errorText(state.error)}</FormError>
          <SubmitButton type="button" part="retry" variant="secondary" onClick={() => void chat.loadConversations()}>
            {t('chat.retry')}
          </SubmitButton>
        </>
      ) : state.items.length === 0 ? (
        <p className="fan-chat__muted" part="empty">
          {t('chat.list.empty')}
        </p>
      ) : (
        <>
          <ul className="fan-chat__conversations" part="conversations">
            {state.items.map((conversation) => {
              const unread = conversation.totalNotSeenMessages;
              const avatar = conversation.recipientInfo?.avatar;
              return (
                <li key={conversation._id}>
                  <button
                    type="button"
                    className="fan-chat__conversation"
                    part="conversation"
                    data-id={conversation._id}
                    data-unread={unread > 0 ? 'true' : undefined}
                    aria-current={conversation._id === selected ? 'true' : undefined}
                    onClick={() => onSelect(conversation._id)}
                  >
                    {avatar ? <img className="fan-chat__avatar" part="avatar" src={avatar} alt="" /> : <span className="fan-chat__avatar" part="avatar" aria-hidden="true" />}
                    <span className="fan-chat__who">
                      <span className="fan-chat__name" part="name">
                        {conversationName(conversation, t('chat.list.unknown'))}
                      </span>
                      <span className="fan-chat__last" part="last">
                        {lastLine(conversation)}
                      </span>
                    </span>
                    <span className="fan-chat__side">
                      <time className="fan-chat__time" part="time" dateTime={conversation.lastMessageCreatedAt ?? undefined}>
                        {formatDate(conversation.lastMessageCreatedAt, i18n.language, { dateStyle: 'short' })}
                      </time>
                      {unread > 0 ? (
                        <span className="fan-chat__badge" part="badge" aria-label={t('chat.list.unread', { count: unread })}>
                          {unread}
                        </span>
                      ) : null}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
          {state.more.status === 'failed' ? <FormError>{errorText(state.more.error)}</FormError> : null}
          {state.items.length < state.total ? (
            <SubmitButton type="button" part="more" variant="secondary" busy={state.more.status === 'loading'} onClick={() => void chat.loadMoreConversations()}>
              {t('chat.list.more')}
            </SubmitButton>
          ) : null}
        </>
      )}
    </nav>
  );
}
