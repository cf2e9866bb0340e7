import { useState, type FormEvent } from 'react';
import type { AuditEntryDto, AuditQuery } from '@fandeck/contract';
import { useTranslation } from '@fandeck/widgets/i18n';
import { FilterSelect, ListPager } from '../../components/list-controls.js';
import { RemoteList, useRemoteList } from '../../components/remote-list.js';
import { formatDateTime } from '../../format/date.js';
import { useListQuery } from '../../routing/use-list-query.js';
import { session } from '../../session/session.js';
import adminTexts from '../../locales/admin/pt-BR.js';
import { STAFF_CALL } from './staff-call.js';

type ActionKey = keyof typeof adminTexts.actions;
const KNOWN = Object.keys(adminTexts.actions) as ActionKey[];
const keyOf = (action: string) => action.replace(/\./g, '_');
const isKnown = (key: string): key is ActionKey => (KNOWN as string[]).includes(key);
const routeOf = (key: ActionKey) => key.replace(/_/g, '.');

/** The readable label of a logged action (its route name), or a generic one naming it. */
export function useActionLabel(): (action: string) => string {
  const { t } = useTranslation();
  return (action) => {
    const key = keyOf(action);
    return isKnown(key) ? t(`admin.actions.${key}`) : t('admin.audit.other', { action });
  };
}

/** A day typed in a date field as the start (or the end) of that day, in the reader's time zone. */
const dayEdge = (day: string, end: boolean) => new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`).toISOString();

/** /admin/audit: what staff did, newest first, filtered by who, which action and when. */
export function AuditScreen() {
  const { t, i18n } = useTranslation();
  const label = useActionLabel();
  const { query, setPage, setPageSize, setFilters } = useListQuery({ filters: ['actorId', 'action', 'from', 'to'], pageSize: 20 });
  const { filters } = query;
  const search: AuditQuery = {
    current: query.current,
    pageSize: query.pageSize,
    ...(filters.actorId ? { actorId: filters.actorId } : {}),
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.from ? { from: dayEdge(filters.from, false) } : {}),
    ...(filters.to ? { to: dayEdge(filters.to, true) } : {}),
  };
  const { state, reload } = useRemoteList((page) => session.api.admin.audit.search.list(page, STAFF_CALL), search);
  const staff = useRemoteList((page) => session.api.admin.staff.search.list(page, STAFF_CALL), { pageSize: 100 });
  const [days, setDays] = useState({ from: filters.from ?? '', to: filters.to ?? '' });

  function applyDays(event: FormEvent) {
    event.preventDefault();
    setFilters(days);
  }

  return (
    <section className="stack" aria-labelledby="admin-audit-title" data-testid="admin-audit">
      <h1 id="admin-audit-title">{t('admin.screens.audit')}</h1>
      <form className="list-controls" onSubmit={applyDays}>
        <FilterSelect label={t('admin.audit.actor')} name="actorId" value={filters.actorId ?? ''} onChange={(value) => setFilters({ actorId: value })}>
          <option value="">{t('admin.users.any')}</option>
          {(staff.state.status === 'ready' ? staff.state.items : []).map((member) => (
            <option key={member._id} value={member._id}>
              {member.name || member.email}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect label={t('admin.audit.action')} name="action" value={filters.action ?? ''} onChange={(value) => setFilters({ action: value })}>
          <option value="">{t('admin.audit.anyAction')}</option>
          {KNOWN.map((key) => (
            <option key={key} value={routeOf(key)}>
              {t(`admin.actions.${key}`)}
            </option>
          ))}
        </FilterSelect>
        {(['from', 'to'] as const).map((edge) => (
          <div key={edge} className="list-controls__group">
            <label htmlFor={`audit-${edge}`}>{t(`admin.audit.${edge}`)}</label>
            <input id={`audit-${edge}`} type="date" value={days[edge]} onChange={(event) => setDays((current) => ({ ...current, [edge]: event.target.value }))} />
          </div>
        ))}
        <button type="submit" className="button">
          {t('admin.audit.apply')}
        </button>
      </form>
      <RemoteList state={state} empty={t('admin.audit.empty')} onRetry={() => void reload()}>
        {(items) => (
          <ol className="stack" data-testid="audit-entries">
            {items.map((entry) => (
              <AuditRow key={entry._id} entry={entry} label={label(entry.action)} when={formatDateTime(entry.createdAt, i18n.language)} />
            ))}
          </ol>
        )}
      </RemoteList>
      <ListPager state={state} current={query.current} pageSize={query.pageSize} onPage={setPage} onPageSize={setPageSize} />
    </section>
  );
}

function AuditRow({ entry, label, when }: { entry: AuditEntryDto; label: string; when: string }) {
  const { t } = useTranslation();
  const actor = entry.actor ? entry.actor.name || entry.actor.username || entry.actor._id : t('admin.audit.someone');
  const ids = Object.values(entry.targets).join(', ');
  const summary = Object.entries(entry.summary)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join('; ');
  return (
    <li className="card stack" data-action={entry.action} data-audit={entry._id}>
      <div className="admin-row">
        <strong>{label}</strong>
        <span className="muted">{when}</span>
      </div>
      <div className="admin-row">
        <span>{actor}</span>
        <span className="muted">{entry.permission}</span>
      </div>
      {ids ? <p className="admin-summary">{t('admin.audit.targets', { ids })}</p> : null}
      {summary ? <p className="admin-summary">{t('admin.audit.details', { summary })}</p> : null}
    </li>
  );
}
