import { lazy, Suspense } from 'react';
import { useTranslation } from '../i18n/index.js';
import { useSession, useSignalValue } from '../session/react.js';
import { SignInPrompt } from '../ui/index.js';
import type { FanMessageSentDetail } from './chat-events.js';

// The inbox itself (its model, thread, composer) is fetched once someone is signed in:
// a signed-out visitor's page loads only this shell and the sign-in.
const Inbox = lazy(() => import('./chat-inbox.js').then((module) => ({ default: module.ChatInbox })));

export interface FanChatInboxProps {
  /** Opens the conversation with this creator (id or username), starting it when there is none. */
  creator?: string | undefined;
  /** Opens this conversation (its id). Wins over `creator`. */
  conversation?: string | undefined;
  /** The platform stored a message written here. */
  onMessageSent?: ((detail: FanMessageSentDetail) => void) | undefined;
}

/**
 * The signed-in user's direct messages: the conversations with unread badges, and the
 * open one's thread with its composer. Signed out it offers the sign-in. The state is
 * the session's ChatModel (shared with every inbox on the page); a host page rendering
 * this view calls `useNamespaces('chat')` first.
 */
export function FanChatInbox({ creator, conversation, onMessageSent }: FanChatInboxProps) {
  const { t } = useTranslation();
  const session = useSession();
  const loggedIn = useSignalValue(session.auth.loggedIn);
  if (!loggedIn) {
    return (
      <div className="fan-chat fan-chat--signed-out" part="inbox" data-state="signed-out">
        <SignInPrompt text={t('chat.signInPrompt')} />
      </div>
    );
  }
  return (
    <Suspense
      fallback={
        <p className="fan-chat fan-chat--signed-out fan-chat__muted" part="inbox loading" data-state="loading" aria-busy="true">
          {t('chat.loading')}
        </p>
      }
    >
      <Inbox creator={creator} conversation={conversation} onMessageSent={onMessageSent} />
    </Suspense>
  );
}
