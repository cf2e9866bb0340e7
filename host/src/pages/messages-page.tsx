import { Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { FanChatInbox } from '@fandeck/widgets/chat/fan-chat-inbox';
import { useNamespaces, useTranslation } from '@fandeck/widgets/i18n';
import '@fandeck/widgets/kit/base.css';
import '@fandeck/widgets/ui/form-controls.css';
import '@fandeck/widgets/chat/fan-chat-inbox.css';
import { PageStatus } from '../components/page-status.js';
import { session, useSignalValue } from '../session/session.js';

/**
 * /messages: the signed-in user's direct messages, the platform's own `<fan-chat-inbox>`
 * view, so the site messages exactly as embeds do. `?conversation=<id>` (a notification's
 * link) opens that conversation; `?creator=<id or username>` (a profile's "message" link)
 * opens or starts the one with that creator.
 */
export function MessagesPage() {
  const { t } = useTranslation();
  const theme = useSignalValue(session.theme.current);
  const [params] = useSearchParams();
  return (
    <section className="messages-page" data-testid="messages-page" aria-labelledby="messages-title">
      <h1 id="messages-title" className="page-title">
        {t('site.messages')}
      </h1>
      <div className="fan-root" data-theme={theme}>
        <Suspense fallback={<PageStatus kind="loading" />}>
          <InboxView conversation={params.get('conversation') ?? undefined} creator={params.get('creator') ?? undefined} />
        </Suspense>
      </div>
    </section>
  );
}

function InboxView({ conversation, creator }: { conversation: string | undefined; creator: string | undefined }) {
  // The element loads its texts before it renders; here the view waits for them itself.
  useNamespaces('chat');
  return <FanChatInbox key={`${conversation ?? ''}|${creator ?? ''}`} conversation={conversation} creator={creator} />;
}
