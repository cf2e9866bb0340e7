import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from '../i18n/index.js';
import { useSignalValue } from '../session/react.js';
import { FormError, SubmitButton, useErrorText } from '../ui/index.js';
import type { ChatModel } from './chat.model.js';
import { ChatComposer } from './chat-composer.js';
import { conversationName } from './conversation-list.js';
import { MessageItem } from './message-item.js';

export interface ThreadViewProps {
  chat: ChatModel;
  conversationId: string;
  /** The inbox's tag for what it sends (`fan-message-sent` is told by the inbox it was written in). */
  origin: string;
  onBack: () => void;
}

/**
 * One conversation: who, earlier messages on demand, the messages oldest first (ours
 * still in the outbox at the end, pending or failed), and the composer. It is read while
 * shown on a visible page. Parts: `thread`, `back`, `thread-name`, `older`, `messages`,
 * `empty`, `blocked`, with each message's and the composer's own.
 */
export function ThreadView({ chat, conversationId, origin, onBack }: ThreadViewProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const thread = chat.thread(conversationId);
  const state = useSignalValue(thread.state);
  const items = useSignalValue(chat.items(conversationId));
  // The list and the conversations opened by id both hold it: re-read when either changes.
  useSignalValue(chat.conversations);
  useSignalValue(chat.extraConversations);
  const conversation = chat.conversation(conversationId);
  const me = useSignalValue(chat.userId);
  const name = conversationName(conversation, t('chat.list.unknown'));
  const list = useRef<HTMLOListElement>(null);
  const edges = useRef<{ first?: string; last?: string; height: number }>({ height: 0 });

  useEffect(() => chat.watch(conversationId), [chat, conversationId]);

  // New messages at the end scroll into view; older ones put before keep the reader's place.
  useLayoutEffect(() => {
    const box = list.current;
    if (!box) return;
    const first = items[0]?.key;
    const last = items[items.length - 1]?.key;
    const before = edges.current;
    if (last !== before.last) box.scrollTop = box.scrollHeight;
    else if (first !== before.first) box.scrollTop += box.scrollHeight - before.height;
    edges.current = { first, last, height: box.scrollHeight };
  }, [items]);

  return (
    <article className="fan-chat__thread" part="thread" aria-label={t('chat.thread.label', { name })}>
      <header className="fan-chat__thread-head">
        <button type="button" className="fan-chat__back" part="back" aria-label={t('chat.thread.back')} onClick={onBack}>
          ‹
        </button>
        <h3 className="fan-chat__thread-name" part="thread-name">
          {name}
        </h3>
      </header>
      {state.status === 'failed' ? (
        <div className="fan-chat__center">
          <FormError>{state.error ? errorText(state.error) : null}</FormError>
          <SubmitButton type="button" part="retry" variant="secondary" onClick={() => void thread.load()}>
            {t('chat.retry')}
          </SubmitButton>
        </div>
      ) : state.status === 'loading' && items.length === 0 ? (
        <p className="fan-chat__muted fan-chat__center" part="loading" aria-busy="true">
          {t('chat.loading')}
        </p>
      ) : (
        <ol ref={list} className="fan-chat__messages" part="messages" aria-live="polite">
          {state.hasOlder ? (
            <li className="fan-chat__older">
              <SubmitButton type="button" part="older" variant="secondary" busy={state.older.status === 'loading'} onClick={() => void thread.loadOlder()}>
                {t('chat.thread.older')}
              </SubmitButton>
              {state.older.status === 'failed' ? <FormError>{errorText(state.older.error)}</FormError> : null}
            </li>
          ) : null}
          {items.length === 0 ? (
            <li className="fan-chat__muted fan-chat__center" part="empty">
              {t('chat.thread.empty')}
            </li>
          ) : (
            items.map((item) => <MessageItem key={item.key} chat={chat} item={item} me={me} />)
          )}
        </ol>
      )}
      {conversation?.isBlocked ? (
        <p className="fan-chat__muted" part="blocked" role="status">
          {t('chat.thread.blocked')}
        </p>
      ) : (
        <ChatComposer chat={chat} conversationId={conversationId} origin={origin} />
      )}
    </article>
  );
}
