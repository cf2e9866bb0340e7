import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/index.js';
import type { ActionError } from '../session/outcome.js';
import { useFeature, useSession, useSignalValue } from '../session/react.js';
import { FormError, SubmitButton, useErrorText } from '../ui/index.js';
import { chatFeature, type ChatModel } from './chat.model.js';
import { ConversationList } from './conversation-list.js';
import type { FanChatInboxProps } from './fan-chat-inbox.js';
import { ThreadView } from './thread-view.js';

let inboxes = 0;

type Target = { status: 'none' } | { status: 'opening' } | { status: 'open'; id: string } | { status: 'failed'; error: ActionError };

/**
 * The signed-in inbox: the live status, the conversations, and the open thread (the one
 * the fan picked, else the one the page names). Loaded lazily by `FanChatInbox`.
 */
export function ChatInbox({ creator, conversation, onMessageSent }: FanChatInboxProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const chat = useFeature(chatFeature);
  const userId = useSignalValue(chat.userId);
  // Each element is its own React root, where useId would repeat: a page-wide count instead.
  const [origin] = useState(() => `inbox-${++inboxes}`);
  // What the fan picked (`id: null`: back to the list); null: the conversation the page names.
  const [chosen, setChosen] = useState<{ id: string | null } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const target = useTarget(chat, userId, creator, conversation, attempt);
  const openId = chosen ? chosen.id : target.status === 'open' ? target.id : null;
  const shown = useRef(openId);
  shown.current = openId;
  const sentTo = useRef(onMessageSent);
  sentTo.current = onMessageSent;

  useEffect(() => {
    if (userId) void chat.loadConversations();
  }, [chat, userId]);

  // A new target from the page replaces what the fan picked.
  useEffect(() => setChosen(null), [creator, conversation, userId]);

  // Told once per message: by the inbox it was written in, or (a resend after a reload) by the one showing it.
  useEffect(
    () =>
      chat.onSent(({ message, origin: from }) => {
        if (from === origin || (from === undefined && message.conversationId === shown.current)) {
          sentTo.current?.({ conversationId: message.conversationId, messageId: message._id, clientId: message.clientId });
        }
      }),
    [chat, origin],
  );

  return (
    <div className="fan-chat" part="inbox" data-state={openId ? 'thread' : 'list'}>
      <LiveBanner />
      <ConversationList chat={chat} selected={openId} onSelect={(id) => setChosen({ id })} />
      <section className="fan-chat__pane" part="thread-pane">
        {openId ? (
          <ThreadView key={`${userId}:${openId}`} chat={chat} conversationId={openId} origin={origin} onBack={() => setChosen({ id: null })} />
        ) : target.status === 'opening' || (!userId && (creator || conversation)) ? (
          <p className="fan-chat__muted" part="loading" aria-busy="true">
            {t('chat.thread.opening')}
          </p>
        ) : target.status === 'failed' ? (
          <div className="fan-chat__center">
            <FormError>{errorText(target.error)}</FormError>
            <SubmitButton type="button" part="retry" variant="secondary" onClick={() => setAttempt((count) => count + 1)}>
              {t('chat.retry')}
            </SubmitButton>
          </div>
        ) : (
          <p className="fan-chat__muted fan-chat__center" part="choose">
            {t('chat.thread.choose')}
          </p>
        )}
      </section>
    </div>
  );
}

/** The conversation the page names (by id, else with a creator), opened once the user is known. */
function useTarget(chat: ChatModel, userId: string | null, creator: string | undefined, conversation: string | undefined, attempt: number): Target {
  const [target, setTarget] = useState<Target>({ status: 'none' });
  useEffect(() => {
    const byId = conversation?.trim();
    const withCreator = creator?.trim();
    if (!userId || (!byId && !withCreator)) {
      setTarget({ status: 'none' });
      return;
    }
    let current = true;
    setTarget({ status: 'opening' });
    void (byId ? chat.openById(byId) : chat.openWithCreator(withCreator!)).then((outcome) => {
      if (current) setTarget(outcome.ok ? { status: 'open', id: outcome.value._id } : { status: 'failed', error: outcome.error });
    });
    return () => {
      current = false;
    };
  }, [chat, userId, creator, conversation, attempt]);
  return target;
}

/** Says when the live connection is being re-established or gave up (spec section 4). */
function LiveBanner() {
  const { t } = useTranslation();
  const status = useSignalValue(useSession().live.status);
  if (status !== 'reconnecting' && status !== 'failed') return null;
  return (
    <p className="fan-chat__banner" part="live-status" role="status" data-state={status}>
      {status === 'reconnecting' ? t('chat.live.reconnecting') : t('chat.live.failed')}
    </p>
  );
}
