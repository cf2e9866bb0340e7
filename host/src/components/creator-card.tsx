import { Link } from 'react-router';
import { useTranslation } from '@fandeck/widgets/i18n';
import type { PerformerProfile } from '../data/performers.js';
import { shortCount } from '../format/short-count.js';
import { profilePath } from '../routing/redirects.js';

/** A creator in a grid: avatar and name linking to their page, and their subscriber count. */
export function CreatorCard({ performer }: { performer: PerformerProfile }) {
  const { t } = useTranslation();
  return (
    <li className="creator-card" data-username={performer.username ?? ''}>
      <Link to={profilePath(performer)}>
        <img src={performer.avatar} alt="" width={64} height={64} />
        <span className="creator-card__name">{performer.name}</span>
      </Link>
      <span className="muted">{t('creators.subscribers', { value: shortCount(performer.stats.subscribers) })}</span>
    </li>
  );
}
