import { useId, useState } from 'react';
import { LIMITS, type CategorizedListDto } from '@fandeck/contract';
import { useNamespaces, useTranslation } from '@fandeck/widgets/i18n';
import { EditableListPage, RowActions, RowTable, ToolForm, useEditableList, useRowSave, type EditorProps } from './editable-list.js';
import { MemberPicker } from './member-picker.js';
import { listRoutes } from './tool-routes.js';
import { excerpt } from './tools-frame.js';

/**
 * /creator/messages/lists: the creator's lists of fans (a name, a description and members
 * picked from their subscribers) a page at a time, to create, edit and delete. Mass
 * messages may go to the lists chosen.
 */
export function ListsPage() {
  useNamespaces('creatorMessages');
  const { t, i18n } = useTranslation();
  const lists = useEditableList(listRoutes);

  return (
    <EditableListPage name="fan-lists" title={t('creatorMessages.lists.title')} intro={t('creatorMessages.lists.intro')} list={lists} form={(props) => <ListForm {...props} />}>
      <RowTable
        name="fan-list-table"
        title={t('creatorMessages.lists.listTitle')}
        empty={t('creatorMessages.lists.empty')}
        rows={lists.rows}
        columns={[
          { label: t('creatorMessages.lists.columns.name') },
          { label: t('creatorMessages.lists.columns.description') },
          { label: t('creatorMessages.lists.columns.members'), amount: true },
          { label: t('creatorMessages.lists.columns.actions') },
        ]}
      >
        {(list) => (
          <tr key={list._id} data-list={list._id}>
            <th scope="row">{list.name}</th>
            <td>{excerpt(list.description)}</td>
            <td className="data-table__amount">{list.membersCount.toLocaleString(i18n.language)}</td>
            <td>
              <RowActions
                name={list.name}
                onEdit={() => lists.setEditing(list)}
                onDelete={() => void lists.remove(list, t('creatorMessages.lists.confirmDelete', { name: list.name }), t('creatorMessages.lists.deleted', { name: list.name }))}
              />
            </td>
          </tr>
        )}
      </RowTable>
    </EditableListPage>
  );
}

function ListForm({ editing, onSaved, onCancel }: EditorProps<CategorizedListDto>) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState(editing?.name ?? '');
  const [description, setDescription] = useState(editing?.description ?? '');
  const [userIds, setUserIds] = useState<string[]>(editing?.userIds ?? []);
  const { save, fail, send } = useRowSave(listRoutes, editing);

  async function submit() {
    if (!name.trim()) return fail(t('creatorMessages.lists.nameRequired'));
    const body = { name: name.trim(), description: description.trim(), userIds };
    const saved = await send(body);
    if (!saved) return;
    onSaved(t(editing ? 'creatorMessages.lists.saved' : 'creatorMessages.lists.created', { name: saved.name || body.name }));
    if (!editing) {
      setName('');
      setDescription('');
      setUserIds([]);
    }
  }

  return (
    <ToolForm
      name="fan-list-form"
      title={editing ? t('creatorMessages.lists.editTitle') : t('creatorMessages.lists.newTitle')}
      save={save}
      submitLabel={editing ? t('creatorMessages.lists.save') : t('creatorMessages.lists.create')}
      editing={editing !== null}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <div className="form__field">
        <label htmlFor={`${id}-name`}>{t('creatorMessages.lists.name')}</label>
        <input id={`${id}-name`} name="name" maxLength={LIMITS.outreach.listNameMax} autoComplete="off" value={name} onChange={(event) => setName(event.target.value)} />
      </div>
      <div className="form__field">
        <label htmlFor={`${id}-description`}>{t('creatorMessages.lists.description')}</label>
        <textarea id={`${id}-description`} name="description" rows={2} maxLength={LIMITS.outreach.listDescriptionMax} value={description} onChange={(event) => setDescription(event.target.value)} />
      </div>
      <MemberPicker userIds={userIds} onChange={setUserIds} />
    </ToolForm>
  );
}
