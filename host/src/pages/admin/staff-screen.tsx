import { useState, type FormEvent } from 'react';
import type { PermissionKey, StaffCreateBody, StaffMemberDto } from '@fandeck/contract';
import { useTranslation } from '@fandeck/widgets/i18n';
import { ListPager } from '../../components/list-controls.js';
import { NoticeLine, type Notice } from '../../components/notice.js';
import { RemoteList, useRemoteList } from '../../components/remote-list.js';
import { useListQuery } from '../../routing/use-list-query.js';
import { session } from '../../session/session.js';
import { PermissionChecks, PermissionEditor } from './permission-editor.js';
import { STAFF_CALL } from './staff-call.js';

const blank: StaffCreateBody = { name: '', email: '', username: '', password: '', permissions: [] };
const FIELDS = [
  ['name', 'text', 'name'],
  ['email', 'email', 'email'],
  ['username', 'text', 'username'],
  ['password', 'password', 'new-password'],
] as const;

/** /admin/staff: staff accounts with what they hold; a new manager; grant and revoke permissions. */
export function StaffScreen() {
  const { t } = useTranslation();
  const { query, setPage, setPageSize } = useListQuery({ pageSize: 20 });
  const { state, reload } = useRemoteList((search) => session.api.admin.staff.search.list(search, STAFF_CALL), { current: query.current, pageSize: query.pageSize });
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  async function save(member: StaffMemberDto, permissions: PermissionKey[]) {
    setBusy(member._id);
    const outcome = await session.api.admin.staff.permissions({ id: member._id }, { permissions }, STAFF_CALL);
    setBusy(null);
    setNotice(outcome.ok ? { kind: 'done', text: t('admin.staff.saved', { name: member.name || member.email }) } : { kind: 'failed', text: outcome.error.message });
    if (outcome.ok) await reload();
  }

  return (
    <section className="stack" aria-labelledby="admin-staff-title" data-testid="admin-staff">
      <h1 id="admin-staff-title">{t('admin.screens.staff')}</h1>
      <NewManagerForm onCreated={() => void reload()} />
      <h2>{t('admin.staff.listTitle')}</h2>
      <NoticeLine notice={notice} />
      <RemoteList state={state} empty={t('admin.staff.empty')} onRetry={() => void reload()}>
        {(items) => (
          <ul className="stack">
            {items.map((member) => (
              <li key={member._id} className="card stack" data-staff={member._id} data-email={member.email}>
                <div className="admin-row">
                  <strong>{member.name || member.username}</strong>
                  <span>{member.email}</span>
                  <span className="muted">{t(`admin.users.roles.${member.role}`)}</span>
                </div>
                {member.role === 'admin' ? (
                  <p className="muted">{t('admin.staff.holdsAll')}</p>
                ) : (
                  <>
                    <p className="admin-summary" data-part="held">
                      {member.permissions.length ? member.permissions.join(', ') : t('admin.staff.none')}
                    </p>
                    <PermissionEditor key={member.permissions.join()} member={member} busy={busy !== null} onSave={(permissions) => void save(member, permissions)} />
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </RemoteList>
      <ListPager state={state} current={query.current} pageSize={query.pageSize} onPage={setPage} onPageSize={setPageSize} />
    </section>
  );
}

/** A new manager's account; a refusal keeps what was typed and says why. */
function NewManagerForm({ onCreated }: { onCreated(): void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<StaffCreateBody>(blank);
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    const outcome = await session.api.admin.staff.create(draft, STAFF_CALL);
    setSending(false);
    if (!outcome.ok) {
      setNotice({ kind: 'failed', text: outcome.error.message });
      return;
    }
    setNotice({ kind: 'done', text: t('admin.staff.created', { name: outcome.value.name }) });
    setDraft(blank);
    onCreated();
  }

  return (
    <form className="card form stack" onSubmit={(event) => void submit(event)} aria-labelledby="new-manager-title" aria-busy={sending} data-testid="new-manager">
      <h2 id="new-manager-title">{t('admin.staff.createTitle')}</h2>
      {FIELDS.map(([field, type, autoComplete]) => (
        <div key={field} className="form__field">
          <label htmlFor={`new-manager-${field}`}>{t(`admin.staff.${field}`)}</label>
          <input id={`new-manager-${field}`} name={field} type={type} autoComplete={autoComplete} required value={draft[field]} onChange={(event) => setDraft((current) => ({ ...current, [field]: event.target.value }))} />
        </div>
      ))}
      <details>
        <summary>{t('admin.staff.permissions')}</summary>
        <PermissionChecks idPrefix="new-manager" value={draft.permissions ?? []} onChange={(permissions) => setDraft((current) => ({ ...current, permissions }))} />
      </details>
      <NoticeLine notice={notice} />
      <p>
        <button type="submit" className="button button--primary" disabled={sending}>
          {t('admin.staff.create')}
        </button>
      </p>
    </form>
  );
}
