import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { LIMITS, type StaffUserDto } from '@fandeck/contract';
import { useTranslation } from '@fandeck/widgets/i18n';
import { askConfirm } from '@fandeck/widgets/ui/ask-confirm';
import { FilterSelect, ListPager } from '../../components/list-controls.js';
import { NoticeLine, type Notice } from '../../components/notice.js';
import { RemoteList, useRemoteList } from '../../components/remote-list.js';
import { formatDate } from '../../format/date.js';
import { profilePath } from '../../routing/redirects.js';
import { useListQuery } from '../../routing/use-list-query.js';
import { session } from '../../session/session.js';
import { STAFF_CALL } from './staff-call.js';

const ROLES = ['user', 'performer', 'manager', 'admin'] as const;
const STATUSES = ['active', 'inactive', 'pending-email-confirmation'] as const;
type Role = (typeof ROLES)[number];
type Status = (typeof STATUSES)[number];
const pick = <T extends string>(list: readonly T[], value: string | undefined): T | '' => list.find((item) => item === value) ?? '';

/** /admin/users: accounts found by name, username or email, role and status; view, suspend or reactivate. */
export function UsersScreen() {
  const { t, i18n } = useTranslation();
  const { query, setPage, setPageSize, setFilters } = useListQuery({ filters: ['q', 'role', 'status'], pageSize: 10 });
  const role = pick(ROLES, query.filters.role);
  const status = pick(STATUSES, query.filters.status);
  const [typed, setTyped] = useState(query.filters.q ?? '');
  const { state, reload } = useRemoteList((search) => session.api.users.search.list(search, STAFF_CALL), {
    current: query.current,
    pageSize: query.pageSize,
    sortBy: 'createdAt',
    ...(query.filters.q ? { q: query.filters.q } : {}),
    ...(role ? { role } : {}),
    ...(status ? { status } : {}),
  });
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const nameOf = (user: StaffUserDto) => user.name || user.username || user.email;

  async function setStatus(user: StaffUserDto, next: 'active' | 'inactive') {
    if (busy) return;
    if (next === 'inactive' && !(await askConfirm(t('admin.users.confirmSuspend', { name: nameOf(user) }), { tone: 'danger' }))) return;
    setBusy(user._id);
    const outcome = await session.api.admin.users.status({ id: user._id }, { status: next }, STAFF_CALL);
    setBusy(null);
    setNotice(outcome.ok ? { kind: 'done', text: t(next === 'inactive' ? 'admin.users.suspended' : 'admin.users.reactivated', { name: nameOf(user) }) } : { kind: 'failed', text: outcome.error.message });
    if (outcome.ok) await reload();
  }

  function search(event: FormEvent) {
    event.preventDefault();
    setFilters({ q: typed.trim() });
  }

  return (
    <section className="stack" aria-labelledby="admin-users-title" data-testid="admin-users">
      <h1 id="admin-users-title">{t('admin.screens.users')}</h1>
      <form className="list-controls" role="search" onSubmit={search}>
        <div className="list-controls__group">
          <label htmlFor="admin-users-q">{t('admin.users.search')}</label>
          <input id="admin-users-q" type="search" value={typed} maxLength={LIMITS.search.accountQueryMax} onChange={(event) => setTyped(event.target.value)} />
        </div>
        <button type="submit" className="button">
          {t('admin.users.searchButton')}
        </button>
        <ChoiceFilter name="role" label={t('admin.users.role')} value={role} values={ROLES} labelOf={(value) => t(`admin.users.roles.${value}`)} onChange={(value) => setFilters({ role: value })} />
        <ChoiceFilter name="status" label={t('admin.users.status')} value={status} values={STATUSES} labelOf={(value) => t(`admin.users.statuses.${value}`)} onChange={(value) => setFilters({ status: value })} />
      </form>
      <NoticeLine notice={notice} />
      <RemoteList state={state} empty={t('admin.users.empty')} onRetry={() => void reload()}>
        {(items) => (
          <ul className="stack">
            {items.map((user) => (
              <li key={user._id} className="card stack" data-user={user._id} data-status={user.status}>
                <div className="admin-row">
                  <strong>{nameOf(user)}</strong>
                  {user.username ? <span className="muted">@{user.username}</span> : null}
                  <span>{user.email}</span>
                </div>
                <div className="admin-row muted">
                  <span>{t(`admin.users.roles.${pick(ROLES, user.role) || 'user'}` as `admin.users.roles.${Role}`)}</span>
                  <span>{t(`admin.users.statuses.${pick(STATUSES, user.status) || 'active'}` as `admin.users.statuses.${Status}`)}</span>
                  <span>{t('admin.users.since', { date: formatDate(user.createdAt, i18n.language) })}</span>
                </div>
                <div className="list-controls__group">
                  {user.isPerformer ? (
                    <>
                      <Link className="button" to={profilePath(user)}>
                        {t('admin.users.view')}
                      </Link>
                      <Link className="button" to={`/admin/creators/${encodeURIComponent(user._id)}/dashboard`}>
                        {t('admin.users.dashboard')}
                      </Link>
                    </>
                  ) : null}
                  {user.role === 'admin' ? null : user.status === 'inactive' ? (
                    <button type="button" className="button" disabled={busy !== null} onClick={() => void setStatus(user, 'active')}>
                      {t('admin.users.reactivate')}
                    </button>
                  ) : (
                    <button type="button" className="button button--danger" disabled={busy !== null} onClick={() => void setStatus(user, 'inactive')}>
                      {t('admin.users.suspend')}
                    </button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </RemoteList>
      <ListPager state={state} current={query.current} pageSize={query.pageSize} onPage={setPage} onPageSize={setPageSize} />
    </section>
  );
}

interface ChoiceFilterProps<T extends string> {
  name: string;
  label: string;
  value: T | '';
  values: readonly T[];
  labelOf(value: T): string;
  onChange(value: string): void;
}

/** A filter of the list by one of `values`, or by none ("all"). */
function ChoiceFilter<T extends string>({ name, label, value, values, labelOf, onChange }: ChoiceFilterProps<T>) {
  const { t } = useTranslation();
  return (
    <FilterSelect label={label} name={name} value={value} onChange={onChange}>
      <option value="">{t('admin.users.any')}</option>
      {values.map((choice) => (
        <option key={choice} value={choice}>
          {labelOf(choice)}
        </option>
      ))}
    </FilterSelect>
  );
}
