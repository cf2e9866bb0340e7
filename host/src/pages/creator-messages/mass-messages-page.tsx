import { useId, useState } from 'react';
import type { CategorizedListDto, MassMessageDto } from '@fandeck/contract';
import { useNamespaces, useTranslation } from '@fandeck/widgets/i18n';
import { DataTable } from '../../components/data-table.js';
import { ListPager } from '../../components/list-controls.js';
import { NoticeLine, type Notice } from '../../components/notice.js';
import { RemoteList, useRemoteList } from '../../components/remote-list.js';
import { formatDateTime } from '../../format/date.js';
import { useListQuery } from '../../routing/use-list-query.js';
import { session } from '../../session/session.js';
import { MassMessageForm } from './mass-message-form.js';
import { excerpt, ToolsFrame } from './tools-frame.js';

/** The moment a mass message's row shows: when it goes (scheduled) or went. */
const momentOf = (message: MassMessageDto) => (message.status === 'scheduled' ? (message.scheduledAt ?? message.createdAt) : (message.sentAt ?? message.scheduledAt ?? message.createdAt));

/**
 * /creator/messages/mass: writing a mass message (now or scheduled) and the creator's mass
 * messages a page at a time, with their status and how many got and opened them. One
 * still scheduled may be edited or deleted.
 */
export function MassMessagesPage() {
  useNamespaces('creatorMessages');
  const { t, i18n } = useTranslation();
  const { query, setPage, setPageSize } = useListQuery({ pageSize: 10 });
  const messages = useRemoteList<MassMessageDto>('/mass-message', { current: query.current, pageSize: query.pageSize });
  const lists = useRemoteList<CategorizedListDto>('/list-categorized', { current: 1, pageSize: 100, sortBy: 'updatedAt', sort: 'desc' });
  const [editing, setEditing] = useState<MassMessageDto | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  function saved(text: string) {
    setNotice({ kind: 'done', text });
    setEditing(null);
    void messages.reload();
  }

  async function remove(message: MassMessageDto) {
    const date = formatDateTime(message.scheduledAt, i18n.language);
    if (!window.confirm(t('creatorMessages.mass.confirmDelete', { date }))) return;
    const outcome = await session.api.del<unknown>(`/mass-message/${encodeURIComponent(message._id)}`);
    setNotice(outcome.ok ? { kind: 'done', text: t('creatorMessages.mass.deleted') } : { kind: 'failed', text: outcome.error.message });
    if (editing?._id === message._id) setEditing(null);
    void messages.reload();
  }

  return (
    <ToolsFrame name="mass-messages" title={t('creatorMessages.mass.title')} intro={t('creatorMessages.mass.intro')}>
      <MassMessageForm key={editing?._id ?? 'new'} editing={editing} lists={lists.state} onSaved={saved} onCancel={() => setEditing(null)} />
      <NoticeLine notice={notice} />
      <MassMessageList messages={messages} onEdit={setEditing} onDelete={(message) => void remove(message)} />
      <ListPager state={messages.state} current={query.current} pageSize={query.pageSize} onPage={setPage} onPageSize={setPageSize} />
    </ToolsFrame>
  );
}

interface MassMessageListProps {
  messages: ReturnType<typeof useRemoteList<MassMessageDto>>;
  onEdit: (message: MassMessageDto) => void;
  onDelete: (message: MassMessageDto) => void;
}

function MassMessageList({ messages, onEdit, onDelete }: MassMessageListProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <section className="stack" aria-labelledby={`${id}-title`} data-testid="mass-message-list">
      <h2 id={`${id}-title`}>{t('creatorMessages.mass.listTitle')}</h2>
      <RemoteList state={messages.state} empty={t('creatorMessages.mass.empty')} onRetry={() => void messages.reload()}>
        {(items) => (
          <DataTable
            caption={t('creatorMessages.mass.listTitle')}
            columns={[
              { label: t('creatorMessages.mass.columns.text') },
              { label: t('creatorMessages.mass.columns.audience') },
              { label: t('creatorMessages.mass.columns.status') },
              { label: t('creatorMessages.mass.columns.date') },
              { label: t('creatorMessages.mass.columns.recipients'), amount: true },
              { label: t('creatorMessages.mass.columns.opened'), amount: true },
              { label: t('creatorMessages.mass.columns.actions') },
            ]}
          >
            {items.map((message) => {
              const name = excerpt(message.text, 40) || t('creatorMessages.mass.onlyFiles');
              return (
                <tr key={message._id} data-mass-message={message._id} data-status={message.status}>
                  <th scope="row">{excerpt(message.text) || <span className="muted">{t('creatorMessages.mass.onlyFiles')}</span>}</th>
                  <td>
                    {message.audience.kind === 'lists'
                      ? t('creatorMessages.mass.listsAudience', { count: message.audience.listIds?.length ?? 0 })
                      : t(`creatorMessages.mass.audiences.${message.audience.kind}`)}
                  </td>
                  <td>
                    <span className="badge" data-badge={message.status}>
                      {t(`creatorMessages.mass.status.${message.status}`)}
                    </span>
                  </td>
                  <td>{formatDateTime(momentOf(message), i18n.language)}</td>
                  <td className="data-table__amount">{message.recipientsCount}</td>
                  <td className="data-table__amount">{message.openedCount}</td>
                  <td>
                    {message.status === 'scheduled' ? (
                      <span className="tools-actions">
                        <button type="button" className="button" aria-label={t('creatorMessages.actions.editNamed', { name })} onClick={() => onEdit(message)}>
                          {t('creatorMessages.actions.edit')}
                        </button>
                        <button type="button" className="button" aria-label={t('creatorMessages.actions.deleteNamed', { name })} onClick={() => onDelete(message)}>
                          {t('creatorMessages.actions.delete')}
                        </button>
                      </span>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </DataTable>
        )}
      </RemoteList>
    </section>
  );
}
