import { Fragment, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '@fandeck/widgets/i18n';
import { DataTable, type DataColumn } from '../../components/data-table.js';
import { ListPager } from '../../components/list-controls.js';
import { NoticeLine, type Notice } from '../../components/notice.js';
import { RemoteList, useRemoteList, type ListRead, type Loaded } from '../../components/remote-list.js';
import { useListQuery } from '../../routing/use-list-query.js';
import type { Outcome } from '../../session/session.js';
import { ToolsFrame, type ToolsFrameProps } from './tools-frame.js';
import { askConfirm } from '@fandeck/widgets/ui/ask-confirm';

/** A saved row of a messaging tool (mass message, template, list). */
export interface Row {
  _id: string;
}

/** A tool's routes as typed calls of the API: its rows a page at a time, create, change and delete one. */
export interface RowRoutes<T extends Row, B = never> {
  search: ListRead<T>;
  create: (body: B) => Promise<Outcome<T>>;
  update: (id: string, body: B) => Promise<Outcome<T>>;
  remove: (id: string) => Promise<Outcome<unknown>>;
}

/**
 * A tool's saved rows (read a page at a time through `routes.search`, deleted through
 * `routes.remove`), the row being edited and the outcome of the last save or delete.
 */
export function useEditableList<T extends Row, B>(routes: RowRoutes<T, B>) {
  const { query, setPage, setPageSize } = useListQuery({ pageSize: 10 });
  const rows = useRemoteList(routes.search, { current: query.current, pageSize: query.pageSize });
  const [editing, setEditing] = useState<T | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  /** The form saved: say so, stop editing and read the page again. */
  function saved(text: string) {
    setNotice({ kind: 'done', text });
    setEditing(null);
    void rows.reload();
  }

  /** Deletes a row once the creator answers yes to `question`; `done` is said after. */
  async function remove(row: T, question: string, done: string) {
    if (!(await askConfirm(question, { tone: 'danger' }))) return;
    const outcome = await routes.remove(row._id);
    setNotice(outcome.ok ? { kind: 'done', text: done } : { kind: 'failed', text: outcome.error.message });
    if (editing?._id === row._id) setEditing(null);
    void rows.reload();
  }

  const pager = { state: rows.state, current: query.current, pageSize: query.pageSize, onPage: setPage, onPageSize: setPageSize };
  return { rows, editing, setEditing, notice, saved, remove, pager };
}

export type EditableList<T extends Row> = ReturnType<typeof useEditableList<T, unknown>>;

/** What a tool's form is given: the row it edits (null writes a new one), and what to tell. */
export interface EditorProps<T extends Row> {
  editing: T | null;
  /** Told with the text to show once the server took it. */
  onSaved: (text: string) => void;
  onCancel: () => void;
}

export interface EditableListPageProps<T extends Row> extends Omit<ToolsFrameProps, 'children'> {
  list: EditableList<T>;
  /** The form, started again (its state dropped) whenever another row is edited. */
  form: (props: EditorProps<T>) => ReactNode;
  /** The rows (a `RowTable`). */
  children: ReactNode;
}

/** A tool's page: its form, the outcome of the last action, its rows and their pager. */
export function EditableListPage<T extends Row>({ list, form, children, ...frame }: EditableListPageProps<T>) {
  return (
    <ToolsFrame {...frame}>
      <Fragment key={list.editing?._id ?? 'new'}>{form({ editing: list.editing, onSaved: list.saved, onCancel: () => list.setEditing(null) })}</Fragment>
      <NoticeLine notice={list.notice} />
      {children}
      <ListPager {...list.pager} />
    </ToolsFrame>
  );
}

export interface RowTableProps<T> {
  /** The `data-testid` of the section. */
  name: string;
  /** The heading, also the table's caption. */
  title: string;
  /** Shown when there are no rows. */
  empty: string;
  rows: { state: Loaded<T>; reload: () => unknown };
  columns: readonly DataColumn[];
  /** One row's `<tr>`. */
  children: (row: T) => ReactNode;
}

/** A tool's rows under their heading, with the list's loading, failed and empty states. */
export function RowTable<T>({ name, title, empty, rows, columns, children }: RowTableProps<T>) {
  const id = useId();
  return (
    <section className="stack" aria-labelledby={`${id}-title`} data-testid={name}>
      <h2 id={`${id}-title`}>{title}</h2>
      <RemoteList state={rows.state} empty={empty} onRetry={() => void rows.reload()}>
        {(items) => (
          <DataTable caption={title} columns={columns}>
            {items.map((item) => children(item))}
          </DataTable>
        )}
      </RemoteList>
    </section>
  );
}

/** A row's edit and delete buttons, each labelled with the row's name. */
export function RowActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <span className="tools-actions">
      <button type="button" className="button" aria-label={t('creatorMessages.actions.editNamed', { name })} onClick={onEdit}>
        {t('creatorMessages.actions.edit')}
      </button>
      <button type="button" className="button" aria-label={t('creatorMessages.actions.deleteNamed', { name })} onClick={onDelete}>
        {t('creatorMessages.actions.delete')}
      </button>
    </span>
  );
}

export type Save = { status: 'idle' } | { status: 'saving' } | { status: 'failed'; message: string };

/**
 * Saving a tool's form: `send` creates the row (`routes.create`) or changes the one edited
 * (`routes.update`) and answers the saved row, or null once the failure is shown; `fail`
 * shows why the form cannot be sent.
 */
export function useRowSave<T extends Row, B>(routes: Pick<RowRoutes<T, B>, 'create' | 'update'>, editing: T | null) {
  const [save, setSave] = useState<Save>({ status: 'idle' });
  const fail = (message: string) => setSave({ status: 'failed', message });

  async function send(body: B): Promise<T | null> {
    setSave({ status: 'saving' });
    const outcome = editing ? await routes.update(editing._id, body) : await routes.create(body);
    if (!outcome.ok) {
      fail(outcome.error.message);
      return null;
    }
    setSave({ status: 'idle' });
    return outcome.value;
  }

  return { save, fail, send };
}

export interface ToolFormProps {
  /** The `data-testid` of the form. */
  name: string;
  title: string;
  save: Save;
  /** The submit button's text while not saving. */
  submitLabel: string;
  /** Whether a saved row is edited (a cancel button is then shown). */
  editing: boolean;
  /** Called on submit unless a save is under way. */
  onSubmit: () => Promise<void>;
  onCancel: () => void;
  /** The fields. */
  children: ReactNode;
}

/** A tool's form: its heading, fields, why the last save failed, submit and cancel. */
export function ToolForm({ name, title, save, submitLabel, editing, onSubmit, onCancel, children }: ToolFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const saving = save.status === 'saving';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!saving) void onSubmit();
  }

  return (
    <form className="form stack" noValidate onSubmit={submit} aria-labelledby={`${id}-title`} aria-busy={saving} data-testid={name}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
      {save.status === 'failed' ? (
        <p className="error" role="alert">
          {save.message}
        </p>
      ) : null}
      <div className="tools-actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? t('creatorMessages.actions.saving') : submitLabel}
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
