import { useState } from 'react';
import { LIMITS, REPORT_QUEUE_STATUSES, type ReportAction, type ReportPartyDto, type StaffReportDto } from '@fandeck/contract';
import { useTranslation } from '@fandeck/widgets/i18n';
import { askConfirm } from '@fandeck/widgets/ui/ask-confirm';
import { FilterSelect, ListPager } from '../../components/list-controls.js';
import { NoticeLine, type Notice } from '../../components/notice.js';
import { RemoteList, useRemoteList } from '../../components/remote-list.js';
import { formatDateTime } from '../../format/date.js';
import { useListQuery } from '../../routing/use-list-query.js';
import { session } from '../../session/session.js';
import { STAFF_CALL } from './staff-call.js';

const HIDEABLE = new Set(['feed', 'comment']);
const who = (party: ReportPartyDto | null) => party?.name || (party?.username ? `@${party.username}` : '') || '—';

/** /admin/reports: what fans reported, with the item itself; dismiss, hide, warn or suspend its author. */
export function ReportsScreen() {
  const { t, i18n } = useTranslation();
  const { query, setPage, setPageSize, setFilters } = useListQuery({ filters: ['status'], pageSize: 10 });
  const status = REPORT_QUEUE_STATUSES.find((value) => value === query.filters.status) ?? 'pending';
  const { state, reload } = useRemoteList((search) => session.api.admin.reports.search.list(search, STAFF_CALL), { current: query.current, pageSize: query.pageSize, status });
  const [notes, setNotes] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  async function act(report: StaffReportDto, action: ReportAction) {
    if (busy) return;
    if (action === 'suspend' && !(await askConfirm(t('admin.reports.confirmSuspend', { name: who(report.author) }), { tone: 'danger' }))) return;
    if (action === 'hide' && !(await askConfirm(t('admin.reports.confirmHide'), { tone: 'danger' }))) return;
    setBusy(report._id);
    const note = (notes[report._id] ?? '').trim();
    const outcome = await session.api.admin.reports.act({ id: report._id }, { action, ...(note ? { note } : {}) }, STAFF_CALL);
    setBusy(null);
    setNotice(outcome.ok ? { kind: 'done', text: t('admin.reports.done', { action: t(`admin.reports.${action}`) }) } : { kind: 'failed', text: outcome.error.message });
    if (outcome.ok) await reload();
  }

  return (
    <section className="stack" aria-labelledby="admin-reports-title" data-testid="admin-reports">
      <h1 id="admin-reports-title">{t('admin.screens.reports')}</h1>
      <div className="list-controls">
        <FilterSelect label={t('admin.reports.filter')} name="status" value={status} onChange={(value) => setFilters({ status: value })}>
          {REPORT_QUEUE_STATUSES.map((value) => (
            <option key={value} value={value}>
              {t(`admin.reports.statuses.${value}`)}
            </option>
          ))}
        </FilterSelect>
      </div>
      <NoticeLine notice={notice} />
      <RemoteList state={state} empty={t('admin.reports.empty')} onRetry={() => void reload()}>
        {(items) => (
          <ul className="stack">
            {items.map((report) => (
              <li key={report._id} className="card stack" data-report={report._id} data-target={report.targetId} data-status={report.status}>
                <div className="admin-row">
                  <strong>{t(`admin.reports.targets.${report.target}`)}</strong>
                  <span>{report.title}</span>
                  {report.item.hidden ? <span className="muted">{t('admin.reports.hidden')}</span> : null}
                </div>
                {report.description ? <p>{report.description}</p> : null}
                <blockquote className="card admin-summary" data-part="reported-item">
                  {report.item.exists ? report.item.text || t('admin.reports.noText') : t('admin.reports.gone')}
                </blockquote>
                <div className="admin-row muted">
                  <span>{t('admin.reports.author', { name: who(report.author) })}</span>
                  <span>{t('admin.reports.reportedBy', { name: who(report.reporter), date: formatDateTime(report.createdAt, i18n.language) })}</span>
                </div>
                {report.resolution ? <p>{t('admin.reports.resolution', { action: t(`admin.reports.${report.resolution}`) })}</p> : null}
                <ReportActions report={report} busy={busy !== null} note={notes[report._id] ?? ''} onNote={(note) => setNotes((current) => ({ ...current, [report._id]: note }))} onAct={(action) => void act(report, action)} />
              </li>
            ))}
          </ul>
        )}
      </RemoteList>
      <ListPager state={state} current={query.current} pageSize={query.pageSize} onPage={setPage} onPageSize={setPageSize} />
    </section>
  );
}

interface ReportActionsProps {
  report: StaffReportDto;
  busy: boolean;
  note: string;
  onNote(note: string): void;
  onAct(action: ReportAction): void;
}

function ReportActions({ report, busy, note, onNote, onAct }: ReportActionsProps) {
  const { t } = useTranslation();
  const actions: ReportAction[] = [];
  if (report.status === 'pending') actions.push('dismiss');
  if (HIDEABLE.has(report.target) && report.item.exists && !report.item.hidden) actions.push('hide');
  if (report.author && report.author.status !== 'inactive') actions.push('warn', 'suspend');
  if (actions.length === 0) return null;
  const noteId = `report-note-${report._id}`;
  return (
    <div className="stack">
      <div className="form__field">
        <label htmlFor={noteId}>{t('admin.reports.note')}</label>
        <textarea id={noteId} rows={2} maxLength={LIMITS.report.staffNoteMax} value={note} onChange={(event) => onNote(event.target.value)} />
      </div>
      <div className="list-controls__group">
        {actions.map((action) => (
          <button key={action} type="button" className={action === 'suspend' ? 'button button--danger' : action === 'hide' ? 'button button--primary' : 'button'} disabled={busy} onClick={() => onAct(action)}>
            {t(`admin.reports.${action}`)}
          </button>
        ))}
      </div>
    </div>
  );
}
