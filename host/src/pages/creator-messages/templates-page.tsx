import { useId, useState } from 'react';
import { LIMITS, type MessageTemplateDto } from '@fandeck/contract';
import { useNamespaces, useTranslation } from '@fandeck/widgets/i18n';
import { EditableListPage, RowActions, RowTable, ToolForm, useEditableList, useRowSave, type EditorProps } from './editable-list.js';
import { MessageFields, useMessageDraft } from './message-fields.js';
import { templateRoutes } from './tool-routes.js';
import { excerpt, usePriceText } from './tools-frame.js';

/**
 * /creator/messages/templates: the creator's message templates (a name, text, price and
 * files) a page at a time, to create, edit and delete.
 */
export function TemplatesPage() {
  useNamespaces('creatorMessages');
  const { t, i18n } = useTranslation();
  const price = usePriceText();
  const templates = useEditableList(templateRoutes);

  return (
    <EditableListPage
      name="message-templates"
      title={t('creatorMessages.templates.title')}
      intro={t('creatorMessages.templates.intro')}
      list={templates}
      form={(props) => <TemplateForm {...props} />}
    >
      <RowTable
        name="template-list"
        title={t('creatorMessages.templates.listTitle')}
        empty={t('creatorMessages.templates.empty')}
        rows={templates.rows}
        columns={[
          { label: t('creatorMessages.templates.columns.name') },
          { label: t('creatorMessages.templates.columns.text') },
          { label: t('creatorMessages.templates.columns.price'), amount: true },
          { label: t('creatorMessages.templates.columns.files'), amount: true },
          { label: t('creatorMessages.templates.columns.actions') },
        ]}
      >
        {(template) => (
          <tr key={template._id} data-template={template._id}>
            <th scope="row">{template.name}</th>
            <td>{excerpt(template.text)}</td>
            <td className="data-table__amount">{price(template.price)}</td>
            <td className="data-table__amount">{template.fileIds.length.toLocaleString(i18n.language)}</td>
            <td>
              <RowActions
                name={template.name}
                onEdit={() => templates.setEditing(template)}
                onDelete={() =>
                  void templates.remove(template, t('creatorMessages.templates.confirmDelete', { name: template.name }), t('creatorMessages.templates.deleted', { name: template.name }))
                }
              />
            </td>
          </tr>
        )}
      </RowTable>
    </EditableListPage>
  );
}

function TemplateForm({ editing, onSaved, onCancel }: EditorProps<MessageTemplateDto>) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState(editing?.name ?? '');
  const draft = useMessageDraft('templates', editing ?? {});
  const { save, fail, send } = useRowSave(templateRoutes, editing);

  async function submit() {
    if (!name.trim()) return fail(t('creatorMessages.templates.nameRequired'));
    const content = draft.check();
    if (!content.ok) return fail(content.message);
    const body = { name: name.trim(), ...content.value };
    const saved = await send(body);
    if (!saved) return;
    onSaved(t(editing ? 'creatorMessages.templates.saved' : 'creatorMessages.templates.created', { name: saved.name || body.name }));
    if (!editing) {
      setName('');
      draft.reset();
    }
  }

  return (
    <ToolForm
      name="template-form"
      title={editing ? t('creatorMessages.templates.editTitle') : t('creatorMessages.templates.newTitle')}
      save={save}
      submitLabel={editing ? t('creatorMessages.templates.save') : t('creatorMessages.templates.create')}
      editing={editing !== null}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <div className="form__field">
        <label htmlFor={`${id}-name`}>{t('creatorMessages.templates.name')}</label>
        <input id={`${id}-name`} name="name" maxLength={LIMITS.outreach.templateNameMax} autoComplete="off" value={name} onChange={(event) => setName(event.target.value)} />
      </div>
      <MessageFields draft={draft} />
    </ToolForm>
  );
}
