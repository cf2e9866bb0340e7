import { Link } from 'react-router';
import type { PartyInfo } from '@fandeck/contract';
import { profilePath } from '../routing/redirects.js';

/** What to call the other side of a subscription, earning or payout. */
export function partyName(party: PartyInfo | null | undefined): string {
  return party?.name.trim() || party?.username || '';
}

/**
 * A person in a list: avatar, name and @username; a creator's name links to their page.
 * Nothing is known (a deleted account): a dash.
 */
export function PartyName({ party, link = false }: { party: PartyInfo | null | undefined; link?: boolean }) {
  if (!party) return <span aria-hidden="true">—</span>;
  const name = partyName(party) || party._id;
  return (
    <span className="party">
      {party.avatar ? <img src={party.avatar} alt="" width={32} height={32} className="party__avatar" /> : null}
      <span className="party__names">
        {link ? <Link to={profilePath(party)}>{name}</Link> : <span>{name}</span>}
        {party.username && party.username !== name ? <span className="muted">@{party.username}</span> : null}
      </span>
    </span>
  );
}
