import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { SERVER_EVENTS } from '@fandeck/contract';
import { formatMoney } from '@fandeck/widgets/format/money';
import { useNamespaces, useTranslation } from '@fandeck/widgets/i18n';
import { useSocketEvent } from '@fandeck/widgets/live';
import { DataTable } from '../../components/data-table.js';
import { ListPager } from '../../components/list-controls.js';
import { NoticeLine, type Notice } from '../../components/notice.js';
import { partyName } from '../../components/party.js';
import { RemoteList, useRemoteList } from '../../components/remote-list.js';
import { useListQuery } from '../../routing/use-list-query.js';
import { session, useSignalValue } from '../../session/session.js';
import { PrivateCallRow, type RowAction } from './private-call-row.js';
import { callRoomPath, decideCall, deleteCall, editCall, payCall, type PrivateCall } from './private-calls-api.js';
import { refusalText } from './refusal-text.js';
import { askConfirm } from '@fandeck/widgets/ui/ask-confirm';

/** The notification type every change of a private call is told by (private-streams README, "Live events"). */
const CALL_UPDATED = 'private_stream.updated';

/**
 * /private-calls: the signed-in user's private call requests, as a fan or as a creator
 * (`GET /streaming/private/search`, paged in the URL), each with what may be done with it
 * now: the creator approves, rejects, edits or starts (then goes to the call); the fan pays
 * (`charge:stream`); either deletes where the server allows, which for a paid call not yet
 * started cancels it and refunds the fan; both join once it started.
 * Read again whenever a `private_stream.updated` notification arrives.
 */
export function PrivateCallsPage() {
  useNamespaces('privateCalls');
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const user = useSignalValue(session.user.current);
  const { query, setPage, setPageSize } = useListQuery({ pageSize: 10 });
  const { state, reload } = useRemoteList((search) => session.api.streaming.privateSearch.list(search), { current: query.current, pageSize: query.pageSize });
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  // Every change, the fan's payment (`paid`) included, is read again: each request says whether it is paid.
  useSocketEvent(SERVER_EVENTS.notification, (notification) => {
    if (notification?.type !== CALL_UPDATED) return;
    void reload();
  });

  const nameOf = (call: PrivateCall) => partyName(call.performerId === user?._id ? call.userInfo : call.performerInfo) || t('privateCalls.thisPerson');

  /** Deleting a paid call cancels it and refunds the fan: the confirm says so, to each party in their terms. */
  const removeConfirm = (call: PrivateCall) => {
    if (!call.paid) return t('privateCalls.confirmRemove', { name: nameOf(call) });
    const values = { name: nameOf(call), price: formatMoney(call.price, i18n.language) };
    return call.performerId === user?._id ? t('privateCalls.confirmCancelPaidCreator', values) : t('privateCalls.confirmCancelPaidFan', values);
  };

  async function act(call: PrivateCall, action: RowAction) {
    if (busy) return;
    if (action === 'reject' && !(await askConfirm(t('privateCalls.confirmReject', { name: nameOf(call) }), { tone: 'danger' }))) return;
    if (action === 'remove' && !(await askConfirm(removeConfirm(call), { tone: 'danger' }))) return;
    setBusy(call._id);
    setNotice(null);
    if (action === 'pay') {
      const result = await payCall(call._id);
      if (result.ok) setNotice({ kind: 'done', text: t('privateCalls.done.pay') });
      else if (result.declined) setNotice({ kind: 'done', text: t('privateCalls.declined') });
      else setNotice({ kind: 'failed', text: refusalText(t, result.error) });
    } else if (action === 'remove') {
      const outcome = await deleteCall(call._id);
      const done = call.paid ? t('privateCalls.done.cancelPaid') : t('privateCalls.done.remove');
      setNotice(outcome.ok ? { kind: 'done', text: done } : { kind: 'failed', text: refusalText(t, outcome.error) });
    } else {
      const outcome = await decideCall(call._id, action);
      if (outcome.ok && action === 'start') {
        setBusy(null);
        return navigate(callRoomPath(call._id));
      }
      if (outcome.ok) setNotice({ kind: 'done', text: t(action === 'approve' ? 'privateCalls.done.approve' : 'privateCalls.done.reject') });
      else setNotice({ kind: 'failed', text: refusalText(t, outcome.error, action === 'start' && call.status === 'approved' && call.price > 0) });
    }
    // Read again either way: a refusal usually means the list on screen is out of date.
    await reload();
    setBusy(null);
  }

  async function edit(call: PrivateCall, changes: { duration: number; note: string }): Promise<boolean> {
    if (busy) return false;
    setBusy(call._id);
    setNotice(null);
    const outcome = await editCall(call._id, changes);
    setNotice(outcome.ok ? { kind: 'done', text: t('privateCalls.done.edit') } : { kind: 'failed', text: refusalText(t, outcome.error) });
    await reload();
    setBusy(null);
    return outcome.ok;
  }

  return (
    <section className="card card--wide card--table stack" aria-labelledby="private-calls-title" data-testid="private-calls">
      <h1 id="private-calls-title">{t('privateCalls.title')}</h1>
      <p className="muted">{t('privateCalls.intro')}</p>
      <NoticeLine notice={notice} />
      <RemoteList state={state} empty={t('privateCalls.empty')} onRetry={() => void reload()}>
        {(items) => (
          <DataTable
            caption={t('privateCalls.caption')}
            columns={[
              { label: t('privateCalls.columns.party') },
              { label: t('privateCalls.columns.role') },
              { label: t('privateCalls.columns.status') },
              { label: t('privateCalls.columns.duration') },
              { label: t('privateCalls.columns.price'), amount: true },
              { label: t('privateCalls.columns.note') },
              { label: t('privateCalls.columns.dates') },
              { label: t('privateCalls.columns.actions') },
            ]}
          >
            {items.map((call) => (
              <PrivateCallRow
                key={call._id}
                call={call}
                viewerId={user?._id ?? ''}
                busy={busy !== null}
                onAction={(item, action) => void act(item, action)}
                onEdit={edit}
              />
            ))}
          </DataTable>
        )}
      </RemoteList>
      {state.status === 'ready' && state.items.length === 0 && !user?.isPerformer ? (
        <p>
          <Link to="/creators" className="button">
            {t('privateCalls.browse')}
          </Link>
        </p>
      ) : null}
      <ListPager state={state} current={query.current} pageSize={query.pageSize} onPage={setPage} onPageSize={setPageSize} />
    </section>
  );
}
