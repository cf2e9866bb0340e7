import { Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { useNamespaces, useTranslation } from '@fandeck/widgets/i18n';
import { PrivateCallView } from '@fandeck/widgets/private-call/private-call-view';
import '@fandeck/widgets/kit/base.css';
import '@fandeck/widgets/ui/form-controls.css';
import '@fandeck/widgets/private-call/private-call.css';
import { PageStatus } from '../../components/page-status.js';
import { session, useSignalValue } from '../../session/session.js';

/**
 * /calls/:requestId: the room of one private call, for its fan and its creator (the
 * server refuses anyone else, and says so here). Camera and microphone go to the
 * platform's own media server, never to the other browser.
 */
export function CallPage() {
  const theme = useSignalValue(session.theme.current);
  const { requestId = '' } = useParams();
  return (
    <section className="call-page" data-testid="call-page">
      <div className="fan-root" data-theme={theme}>
        <Suspense fallback={<PageStatus kind="loading" />}>
          <Room requestId={requestId} />
        </Suspense>
      </div>
    </section>
  );
}

function Room({ requestId }: { requestId: string }) {
  useNamespaces('private-call');
  const { t } = useTranslation();
  return (
    <>
      <PrivateCallView key={requestId} requestId={requestId} />
      <p>
        <Link to="/private-calls">{t('private-call.back')}</Link>
      </p>
    </>
  );
}
