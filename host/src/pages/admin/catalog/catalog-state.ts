import { useState } from 'react';
import { useTranslation } from '@fandeck/widgets/i18n';
import { askConfirm } from '@fandeck/widgets/ui/ask-confirm';
import type { Notice } from '../../../components/notice.js';
import { useRemoteList, type ListRead } from '../../../components/remote-list.js';
import type { Outcome } from '../../../session/session.js';

export interface CatalogRow {
  _id: string;
}

/**
 * A catalogue screen's state: its rows (read through `read`), the row in the form (null: a
 * new one), whether a phone shows the list or the form, and the outcome of the last action.
 */
export function useCatalog<T extends CatalogRow>(read: ListRead<T>) {
  const { t } = useTranslation();
  const rows = useRemoteList(read, { current: 1, pageSize: 50 });
  const [editing, setEditing] = useState<T | null>(null);
  const [view, setView] = useState<'list' | 'form'>('list');
  const [notice, setNotice] = useState<Notice>(null);
  // Bumped whenever the form is left, so the next one starts empty even for another new row.
  const [round, setRound] = useState(0);

  /** Opens the form on `row`, or on a new one. */
  function open(row: T | null) {
    setEditing(row);
    setView('form');
    setNotice(null);
  }

  /** Back to the list, the form emptied. */
  function close() {
    setEditing(null);
    setView('list');
    setRound((n) => n + 1);
  }

  /** The form was saved: say so, go back to the list and read it again. */
  function saved(text: string) {
    close();
    setNotice({ kind: 'done', text });
    void rows.reload();
  }

  /** Runs a row action (toggle, delete) once confirmed when `question` is given, then says how it went. */
  async function act(call: () => Promise<Outcome<unknown>>, done: string, question?: string) {
    if (question && !(await askConfirm(question, { tone: 'danger' }))) return;
    const outcome = await call();
    setNotice(outcome.ok ? { kind: 'done', text: done } : { kind: 'failed', text: outcome.error.message });
    if (outcome.ok) void rows.reload();
  }

  /** Switches the row named `name` off when `on`, else on. */
  const toggle = (name: string, on: boolean, call: () => Promise<Outcome<unknown>>) => act(call, t(on ? 'adminCatalog.switchedOff' : 'adminCatalog.switchedOn', { name }));
  /** Deletes the row named `name` once the staff member confirms. */
  const remove = (name: string, call: () => Promise<Outcome<unknown>>) => act(call, t('adminCatalog.deleted', { name }), t('adminCatalog.confirmDelete', { name }));

  return { rows, editing, view, notice, open, close, saved, act, toggle, remove, formKey: `${editing?._id ?? 'new'}-${round}` };
}

export type Catalog<T extends CatalogRow> = ReturnType<typeof useCatalog<T>>;
