import type { MassMessageDto } from '@fandeck/contract';
import { useNamespaces, useTranslation } from '@fandeck/widgets/i18n';
import { useRemoteList } from '../../components/remote-list.js';
import { formatDateTime } from '../../format/date.js';
import { EditableListPage, RowActions, RowTable, useEditableList } from './editable-list.js';
import { MassMessageForm } from './mass-message-form.js';
import { listRoutes, massMessageRoutes } from './tool-routes.js';
import { excerpt } from './tools-frame.js';

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
  const messages = useEditableList(massMessageRoutes);
  const lists = useRemoteList(listRoutes.search, { current: 1, pageSize: 100, sortBy: 'updatedAt', sort: 'desc' });

  function remove(message: MassMessageDto) {
    const date = formatDateTime(message.scheduledAt, i18n.language);
    void messages.remove(message, t('creatorMessages.mass.confirmDelete', { date }), t('creatorMessages.mass.deleted'));
  }

  return (
    <EditableListPage
      name="mass-messages"
      title={t('creatorMessages.mass.title')}
      intro={t('creatorMessages.mass.intro')}
      list={messages}
      form={(props) => <MassMessageForm {...props} lists={lists.state} />}
    >
      <RowTable
        name="mass-message-list"
        title={t('creatorMessages.mass.listTitle')}
        empty={t('creatorMessages.mass.empty')}
        rows={messages.rows}
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
        {(message) => (
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
                <RowActions name={excerpt(message.text, 40) || t('creatorMessages.mass.onlyFiles')} onEdit={() => messages.setEditing(message)} onDelete={() => remove(message)} />
              ) : null}
            </td>
          </tr>
        )}
      </RowTable>
    </EditableListPage>
  );
}
