import { useId, useState, type FormEvent } from 'react';
import type { CategorizedListDto } from '@fandeck/contract';
import { useNamespaces, useTranslation } from '@fandeck/widgets/i18n';
import { DataTable } from '../../components/data-table.js';
import { ListPager } from '../../components/list-controls.js';
import { NoticeLine, type Notice } from '../../components/notice.js';
import { RemoteList, useRemoteList } from '../../components/remote-list.js';
import { useListQuery } from '../../routing/use-list-query.js';
import { session } from '../../session/session.js';
import { MemberPicker } from './member-picker.js';
import { excerpt, ToolsFrame } from './tools-frame.js';

const NAME_MAX = 100;
const DESCRIPTION_MAX = 500;

/**
 * /creator/messages/lists: the creator's lists of fans (a name, a description and members
 * picked from their subscribers) a page at a time, to create, edit and delete. Mass
 * messages may go to the lists chosen.
 */
export function ListsPage() {
  useNamespaces('creatorMessages');
  const { t, i18n } = useTranslation();
  const { query, setPage, setPageSize } = useListQuery({ pageSize: 10 });
  const lists = useRemoteList<CategorizedListDto>('/list-categorized', { current: query.current, pageSize: query.pageSize });
  const [editing, setEditing] = useState<CategorizedListDto | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const id = useId();

  function saved(text: string) {
    setNotice({ kind: 'done', text });
    setEditing(null);
    void lists.reload();
  }

  async function remove(list: CategorizedListDto) {
    if (!window.confirm(t('creatorMessages.lists.confirmDelete', { name: list.name }))) return;
    const outcome = await session.api.del<unknown>(`/list-categorized/${encodeURIComponent(list._id)}`);
    setNotice(outcome.ok ? { kind: 'done', text: t('creatorMessages.lists.deleted', { name: list.name }) } : { kind: 'failed', text: outcome.error.message });
    if (editing?._id === list._id) setEditing(null);
    void lists.reload();
  }

  return (
    <ToolsFrame name="fan-lists" title={t('creatorMessages.lists.title')} intro={t('creatorMessages.lists.intro')}>
      <ListForm key={editing?._id ?? 'new'} editing={editing} onSaved={saved} onCancel={() => setEditing(null)} />
      <NoticeLine notice={notice} />
      <section className="stack" aria-labelledby={`${id}-title`} data-testid="fan-list-table">
        <h2 id={`${id}-title`}>{t('creatorMessages.lists.listTitle')}</h2>
        <RemoteList state={lists.state} empty={t('creatorMessages.lists.empty')} onRetry={() => void lists.reload()}>
          {(items) => (
            <DataTable
              caption={t('creatorMessages.lists.listTitle')}
              columns={[
                { label: t('creatorMessages.lists.columns.name') },
                { label: t('creatorMessages.lists.columns.description') },
                { label: t('creatorMessages.lists.columns.members'), amount: true },
                { label: t('creatorMessages.lists.columns.actions') },
              ]}
            >
              {items.map((list) => (
                <tr key={list._id} data-list={list._id}>
                  <th scope="row">{list.name}</th>
                  <td>{excerpt(list.description)}</td>
                  <td className="data-table__amount">{list.membersCount.toLocaleString(i18n.language)}</td>
                  <td>
                    <span className="tools-actions">
                      <button type="button" className="button" aria-label={t('creatorMessages.actions.editNamed', { name: list.name })} onClick={() => setEditing(list)}>
                        {t('creatorMessages.actions.edit')}
                      </button>
                      <button type="button" className="button" aria-label={t('creatorMessages.actions.deleteNamed', { name: list.name })} onClick={() => void remove(list)}>
                        {t('creatorMessages.actions.delete')}
                      </button>
                    </span>
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
        </RemoteList>
      </section>
      <ListPager state={lists.state} current={query.current} pageSize={query.pageSize} onPage={setPage} onPageSize={setPageSize} />
    </ToolsFrame>
  );
}

type Save = { status: 'idle' } | { status: 'saving' } | { status: 'failed'; message: string };

interface ListFormProps {
  editing: CategorizedListDto | null;
  onSaved: (text: string) => void;
  onCancel: () => void;
}

function ListForm({ editing, onSaved, onCancel }: ListFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState(editing?.name ?? '');
  const [description, setDescription] = useState(editing?.description ?? '');
  const [userIds, setUserIds] = useState<string[]>(editing?.userIds ?? []);
  const [save, setSave] = useState<Save>({ status: 'idle' });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.status === 'saving') return;
    if (!name.trim()) return setSave({ status: 'failed', message: t('creatorMessages.lists.nameRequired') });
    setSave({ status: 'saving' });
    const body = { name: name.trim(), description: description.trim(), userIds };
    const outcome = editing
      ? await session.api.put<CategorizedListDto>(`/list-categorized/${encodeURIComponent(editing._id)}`, body)
      : await session.api.post<CategorizedListDto>('/list-categorized', body);
    if (!outcome.ok) return setSave({ status: 'failed', message: outcome.error.message });
    setSave({ status: 'idle' });
    onSaved(t(editing ? 'creatorMessages.lists.saved' : 'creatorMessages.lists.created', { name: outcome.value.name || body.name }));
    if (!editing) {
      setName('');
      setDescription('');
      setUserIds([]);
    }
  }

  const saving = save.status === 'saving';
  return (
    <form className="form stack" noValidate onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-title`} aria-busy={saving} data-testid="fan-list-form">
      <h2 id={`${id}-title`}>{editing ? t('creatorMessages.lists.editTitle') : t('creatorMessages.lists.newTitle')}</h2>
      <div className="form__field">
        <label htmlFor={`${id}-name`}>{t('creatorMessages.lists.name')}</label>
        <input id={`${id}-name`} name="name" maxLength={NAME_MAX} autoComplete="off" value={name} onChange={(event) => setName(event.target.value)} />
      </div>
      <div className="form__field">
        <label htmlFor={`${id}-description`}>{t('creatorMessages.lists.description')}</label>
        <textarea id={`${id}-description`} name="description" rows={2} maxLength={DESCRIPTION_MAX} value={description} onChange={(event) => setDescription(event.target.value)} />
      </div>
      <MemberPicker userIds={userIds} onChange={setUserIds} />
      {save.status === 'failed' ? (
        <p className="error" role="alert">
          {save.message}
        </p>
      ) : null}
      <div className="tools-actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? t('creatorMessages.actions.saving') : editing ? t('creatorMessages.lists.save') : t('creatorMessages.lists.create')}
        </button>
        {editing ? (
          <button type="button" className="button" onClick={onCancel}>
            {t('creatorMessages.actions.cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
