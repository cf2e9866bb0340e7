import { useCallback, useEffect, useState } from 'react';
import type { BlockedUserDto } from '@fandeck/contract';
import { useTranslation } from '@fandeck/widgets/i18n';
import { PageStatus } from '../../components/page-status.js';
import { session } from '../../session/session.js';

type BlockedUser = BlockedUserDto;

const PAGE_SIZE = 20;

type Loaded = { status: 'loading' } | { status: 'ready'; users: BlockedUser[]; total: number } | { status: 'failed'; message: string };

const nameOf = (user: BlockedUser) => user.name?.trim() || user.username || user._id;

/**
 * The studio's blocked tab: the fans the creator blocked (from a comment on their post),
 * newest block first, each with an unblock button; more on demand.
 */
export function StudioBlocked() {
  const { t, i18n } = useTranslation();
  const [list, setList] = useState<Loaded>({ status: 'loading' });
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ kind: 'done' | 'failed'; text: string } | null>(null);

  const load = useCallback(async (offset: number) => {
    const outcome = await session.api.blocks.list.list({ offset, limit: PAGE_SIZE, sortBy: 'createdAt', sort: 'desc' });
    setList((current) => {
      if (!outcome.ok) return offset === 0 ? { status: 'failed', message: outcome.error.message } : current;
      const before = offset > 0 && current.status === 'ready' ? current.users : [];
      const known = new Set(before.map((user) => user._id));
      return { status: 'ready', users: [...before, ...outcome.value.data.filter((user) => !known.has(user._id))], total: outcome.value.total };
    });
  }, []);
  useEffect(() => void load(0), [load]);

  async function unblock(user: BlockedUser) {
    if (busy) return;
    setBusy(user._id);
    setNotice(null);
    const outcome = await session.api.blocks.unblock({ id: user._id });
    setBusy(null);
    if (!outcome.ok) return setNotice({ kind: 'failed', text: outcome.error.message });
    setNotice({ kind: 'done', text: t('studio.unblocked', { name: nameOf(user) }) });
    setList((current) => (current.status === 'ready' ? { ...current, users: current.users.filter((other) => other._id !== user._id), total: Math.max(0, current.total - 1) } : current));
  }

  return (
    <div className="stack" data-testid="studio-blocked">
      <p className="muted">{t('studio.blockedIntro')}</p>
      {notice ? (
        <p className={notice.kind === 'done' ? 'success' : 'error'} role={notice.kind === 'done' ? 'status' : 'alert'}>
          {notice.text}
        </p>
      ) : null}
      {list.status === 'loading' ? <PageStatus kind="loading" /> : null}
      {list.status === 'failed' ? <PageStatus kind="error" message={list.message} onRetry={() => void load(0)} /> : null}
      {list.status === 'ready' && list.users.length === 0 ? <p className="muted">{t('studio.noBlocked')}</p> : null}
      {list.status === 'ready' && list.users.length > 0 ? (
        <ul className="studio-rows">
          {list.users.map((user) => (
            <li key={user._id} className="studio-row studio__blocked" data-blocked-user={user._id}>
              <img className="feed-card__avatar" src={user.avatar} alt="" width={32} height={32} />
              <span className="studio-row__body">
                <strong>{nameOf(user)}</strong>
                {user.username ? <span className="muted"> @{user.username}</span> : null}
                <br />
                <small className="muted">
                  {t('studio.blockedSince', { date: new Date(user.createdAt).toLocaleDateString(i18n.language, { dateStyle: 'medium' }) })}
                  {user.reason ? ` · ${t('studio.blockedReason', { reason: user.reason })}` : null}
                </small>
              </span>
              <button type="button" className="button" disabled={busy !== null} aria-label={t('studio.unblockNamed', { name: nameOf(user) })} onClick={() => void unblock(user)}>
                {t('studio.unblock')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {list.status === 'ready' && list.users.length < list.total ? (
        <button type="button" className="button" onClick={() => void load(list.users.length)}>
          {t('studio.moreBlocked')}
        </button>
      ) : null}
    </div>
  );
}
