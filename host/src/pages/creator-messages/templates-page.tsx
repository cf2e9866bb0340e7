import { useId, useState, type FormEvent } from 'react';
import type { MessageTemplateDto } from '@fandeck/contract';
import { useNamespaces, useTranslation } from '@fandeck/widgets/i18n';
import { DataTable } from '../../components/data-table.js';
import { ListPager } from '../../components/list-controls.js';
import { NoticeLine, type Notice } from '../../components/notice.js';
import { RemoteList, useRemoteList } from '../../components/remote-list.js';
import { useListQuery } from '../../routing/use-list-query.js';
import { session } from '../../session/session.js';
import { MessageFields, useMessageDraft } from './message-fields.js';
import { excerpt, ToolsFrame, usePriceText } from './tools-frame.js';

const NAME_MAX = 100;

/**
 * /creator/messages/templates: the creator's message templates (a name, text, price and
 * files) a page at a time, to create, edit and delete.
 */
export function TemplatesPage() {
  useNamespaces('creatorMessages');
  const { t, i18n } = useTranslation();
  const price = usePriceText();
  const { query, setPage, setPageSize } = useListQuery({ pageSize: 10 });
  const templates = useRemoteList<MessageTemplateDto>('/message-templates', { current: query.current, pageSize: query.pageSize });
  const [editing, setEditing] = useState<MessageTemplateDto | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const id = useId();

  function saved(text: string) {
    setNotice({ kind: 'done', text });
    setEditing(null);
    void templates.reload();
  }

  async function remove(template: MessageTemplateDto) {
    if (!window.confirm(t('creatorMessages.templates.confirmDelete', { name: template.name }))) return;
    const outcome = await session.api.del<unknown>(`/message-templates/${encodeURIComponent(template._id)}`);
    setNotice(outcome.ok ? { kind: 'done', text: t('creatorMessages.templates.deleted', { name: template.name }) } : { kind: 'failed', text: outcome.error.message });
    if (editing?._id === template._id) setEditing(null);
    void templates.reload();
  }

  return (
    <ToolsFrame name="message-templates" title={t('creatorMessages.templates.title')} intro={t('creatorMessages.templates.intro')}>
      <TemplateForm key={editing?._id ?? 'new'} editing={editing} onSaved={saved} onCancel={() => setEditing(null)} />
      <NoticeLine notice={notice} />
      <section className="stack" aria-labelledby={`${id}-title`} data-testid="template-list">
        <h2 id={`${id}-title`}>{t('creatorMessages.templates.listTitle')}</h2>
        <RemoteList state={templates.state} empty={t('creatorMessages.templates.empty')} onRetry={() => void templates.reload()}>
          {(items) => (
            <DataTable
              caption={t('creatorMessages.templates.listTitle')}
              columns={[
                { label: t('creatorMessages.templates.columns.name') },
                { label: t('creatorMessages.templates.columns.text') },
                { label: t('creatorMessages.templates.columns.price'), amount: true },
                { label: t('creatorMessages.templates.columns.files'), amount: true },
                { label: t('creatorMessages.templates.columns.actions') },
              ]}
            >
              {items.map((template) => (
                <tr key={template._id} data-template={template._id}>
                  <th scope="row">{template.name}</th>
                  <td>{excerpt(template.text)}</td>
                  <td className="data-table__amount">{price(template.price)}</td>
                  <td className="data-table__amount">{template.fileIds.length.toLocaleString(i18n.language)}</td>
                  <td>
                    <span className="tools-actions">
                      <button type="button" className="button" aria-label={t('creatorMessages.actions.editNamed', { name: template.name })} onClick={() => setEditing(template)}>
                        {t('creatorMessages.actions.edit')}
                      </button>
                      <button type="button" className="button" aria-label={t('creatorMessages.actions.deleteNamed', { name: template.name })} onClick={() => void remove(template)}>
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
      <ListPager state={templates.state} current={query.current} pageSize={query.pageSize} onPage={setPage} onPageSize={setPageSize} />
    </ToolsFrame>
  );
}

type Save = { status: 'idle' } | { status: 'saving' } | { status: 'failed'; message: string };

interface TemplateFormProps {
  editing: MessageTemplateDto | null;
  onSaved: (text: string) => void;
  onCancel: () => void;
}

function TemplateForm({ editing, onSaved, onCancel }: TemplateFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState(editing?.name ?? '');
  const draft = useMessageDraft('/message-templates/file', editing ?? {});
  const [save, setSave] = useState<Save>({ status: 'idle' });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.status === 'saving') return;
    if (!name.trim()) return setSave({ status: 'failed', message: t('creatorMessages.templates.nameRequired') });
    const content = draft.check();
    if (!content.ok) return setSave({ status: 'failed', message: content.message });
    setSave({ status: 'saving' });
    const body = { name: name.trim(), ...content.value };
    const outcome = editing
      ? await session.api.put<MessageTemplateDto>(`/message-templates/${encodeURIComponent(editing._id)}`, body)
      : await session.api.post<MessageTemplateDto>('/message-templates', body);
    if (!outcome.ok) return setSave({ status: 'failed', message: outcome.error.message });
    setSave({ status: 'idle' });
    onSaved(t(editing ? 'creatorMessages.templates.saved' : 'creatorMessages.templates.created', { name: outcome.value.name || body.name }));
    if (!editing) {
      setName('');
      draft.reset();
    }
  }

  const saving = save.status === 'saving';
  return (
    <form className="form stack" noValidate onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-title`} aria-busy={saving} data-testid="template-form">
      <h2 id={`${id}-title`}>{editing ? t('creatorMessages.templates.editTitle') : t('creatorMessages.templates.newTitle')}</h2>
      <div className="form__field">
        <label htmlFor={`${id}-name`}>{t('creatorMessages.templates.name')}</label>
        <input id={`${id}-name`} name="name" maxLength={NAME_MAX} autoComplete="off" value={name} onChange={(event) => setName(event.target.value)} />
      </div>
      <MessageFields draft={draft} />
      {save.status === 'failed' ? (
        <p className="error" role="alert">
          {save.message}
        </p>
      ) : null}
      <div className="tools-actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? t('creatorMessages.actions.saving') : editing ? t('creatorMessages.templates.save') : t('creatorMessages.templates.create')}
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
