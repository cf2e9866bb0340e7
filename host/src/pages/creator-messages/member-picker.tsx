import { useEffect, useId, useState } from 'react';
import type { PartyInfo, SubscriptionDto } from '@fandeck/contract';
import { useTranslation } from '@fandeck/widgets/i18n';
import { partyName } from '../../components/party.js';
import { useRemoteList, type ListRead } from '../../components/remote-list.js';
import { session } from '../../session/session.js';

const searchSubscribers: ListRead<SubscriptionDto> = (query) => session.api.subscriptions.performerSearch.list(query);

const RESULTS = 20;
/** The creator's subscribers read once to name the members a saved list already holds. */
const DIRECTORY = 100;

const fanName = (fan: PartyInfo) => partyName(fan) || fan._id;

/** The fans of a page of subscriptions, each once (a fan may have had several). */
function fansOf(items: readonly SubscriptionDto[]): PartyInfo[] {
  const seen = new Map<string, PartyInfo>();
  for (const item of items) if (item.userInfo && !seen.has(item.userInfo._id)) seen.set(item.userInfo._id, item.userInfo);
  return [...seen.values()];
}

export interface MemberPickerProps {
  /** The members chosen, by user id. */
  userIds: readonly string[];
  onChange: (userIds: string[]) => void;
}

/**
 * A list's members, picked from the creator's subscribers, now or before
 * (`GET /subscriptions/performer/search`, searched by name): the chosen ones, each with a
 * remove, and the subscribers matching what is typed, each with a checkbox.
 */
export function MemberPicker({ userIds, onChange }: MemberPickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const [q, setQ] = useState('');
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());
  const directory = useRemoteList(searchSubscribers, { current: 1, pageSize: DIRECTORY });
  const search = q.trim();
  const results = useRemoteList(searchSubscribers, { current: 1, pageSize: RESULTS, ...(search ? { q: search } : {}) });
  const found = results.state.status === 'ready' ? fansOf(results.state.items) : [];

  // Every fan seen is remembered by name, so a chosen one keeps its name when the search changes.
  useEffect(() => {
    const fans = [directory.state, results.state].flatMap((state) => (state.status === 'ready' ? fansOf(state.items) : []));
    if (fans.length === 0) return;
    setNames((known) => {
      const next = new Map(known);
      for (const fan of fans) next.set(fan._id, fanName(fan));
      return next;
    });
  }, [directory.state, results.state]);

  const chosen = new Set(userIds);
  const toggle = (userId: string, on: boolean) => onChange(on ? [...userIds.filter((one) => one !== userId), userId] : userIds.filter((one) => one !== userId));

  return (
    <fieldset className="member-picker" data-testid="member-picker">
      <legend>{t('creatorMessages.lists.members')}</legend>
      {userIds.length === 0 ? (
        <p className="muted">{t('creatorMessages.lists.noMembers')}</p>
      ) : (
        <ul className="member-picker__chosen" aria-label={t('creatorMessages.lists.members')}>
          {userIds.map((userId) => {
            const name = names.get(userId) ?? userId;
            return (
              <li key={userId} data-member={userId}>
                <span>{name}</span>
                <button type="button" className="button button--ghost" aria-label={t('creatorMessages.lists.removeMember', { name })} onClick={() => toggle(userId, false)}>
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="form__field">
        <label htmlFor={`${id}-q`}>{t('creatorMessages.lists.search')}</label>
        <input id={`${id}-q`} type="search" autoComplete="off" value={q} onChange={(event) => setQ(event.target.value)} aria-describedby={`${id}-hint`} />
        <small id={`${id}-hint`} className="muted">
          {t('creatorMessages.lists.searchHint')}
        </small>
      </div>
      {results.state.status === 'loading' ? <p className="muted">{t('common.loading')}</p> : null}
      {results.state.status === 'failed' ? (
        <p className="error" role="alert">
          {results.state.message}
        </p>
      ) : null}
      {results.state.status === 'ready' && found.length === 0 ? <p className="muted">{t('creatorMessages.lists.noMatches')}</p> : null}
      {found.length > 0 ? (
        <fieldset className="member-picker__results">
          <legend>{t('creatorMessages.lists.results')}</legend>
          {found.map((fan) => (
            <label key={fan._id} className="form__check" data-fan={fan._id}>
              <input type="checkbox" checked={chosen.has(fan._id)} onChange={(event) => toggle(fan._id, event.target.checked)} /> {fanName(fan)}
              {fan.username && fan.username !== fanName(fan) ? <span className="muted"> @{fan.username}</span> : null}
            </label>
          ))}
        </fieldset>
      ) : null}
    </fieldset>
  );
}
