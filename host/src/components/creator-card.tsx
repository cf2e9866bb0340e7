import { Link } from 'react-router';
import { formatMoney } from '@fandeck/widgets/format/money';
import { useTranslation } from '@fandeck/widgets/i18n';
import type { PerformerProfile } from '../data/performers.js';
import { pictureSize, pictureSrcSet, type PictureSize } from '../format/picture-size.js';
import { shortCount } from '../format/short-count.js';
import { profilePath } from '../routing/redirects.js';

/**
 * A creator in a grid, as a fan decides whom to open: their cover with the avatar over it,
 * name and username linking to their page, a live badge, the start of their bio, what a
 * subscription costs (or that it starts free), and their subscribers, followers and posts.
 */
export function CreatorCard({ performer }: { performer: PerformerProfile }) {
  const { t, i18n } = useTranslation();
  const { stats } = performer;
  const price = performer.isFreeSubscription
    ? t('creators.freeDays', { count: performer.durationFreeSubscriptionDays })
    : t('creators.priceMonthly', { price: formatMoney(performer.monthlyPrice, i18n.language) });
  return (
    <li className="creator-card" data-username={performer.username ?? ''} data-live={performer.live ? 'true' : undefined}>
      <Link to={profilePath(performer)} className="creator-card__link">
        <span className="creator-card__cover" aria-hidden="true">
          {performer.cover ? <CardCover url={performer.cover} /> : null}
        </span>
        <CardAvatar className="creator-card__avatar" url={performer.avatar} />
        <span className="creator-card__name">{performer.name}</span>
        {performer.username ? <span className="creator-card__handle muted">@{performer.username}</span> : null}
      </Link>
      {performer.live ? <span className="live-badge creator-card__live">{t('creators.live')}</span> : null}
      {performer.bio ? <p className="creator-card__bio">{performer.bio}</p> : null}
      <p className="creator-card__price" data-testid="creator-price">
        {price}
      </p>
      <ul className="creator-card__stats" aria-label={t('creators.statsLabel')}>
        <li data-testid="creator-subscribers">{t('creators.subscribers', { value: shortCount(stats.subscribers) })}</li>
        <li data-testid="creator-followers">{t('creators.followers', { value: shortCount(stats.followers) })}</li>
        <li data-testid="creator-posts">{t('creators.posts', { value: shortCount(stats.totalFeeds) })}</li>
      </ul>
    </li>
  );
}

/**
 * A card's cover: the server's 640 px size (1280 px on dense screens), never the 1920 px
 * one the API hands out; a full-width card on a phone, about 22rem in a grid. The box's
 * aspect ratio is set in CSS, so nothing moves when it arrives.
 */
function CardCover({ url }: { url: string }) {
  return <SizedPicture url={url} widths={{ small: 640, medium: 1280 }} sizes="(max-width: 560px) 100vw, 22rem" box={[640, 213]} />;
}

/** A creator's 64 px avatar on a card: the 96 px size, the 256 px one on dense screens. */
export function CardAvatar({ url, className }: { url: string; className?: string }) {
  return <SizedPicture url={url} widths={{ small: 96, medium: 256 }} sizes="64px" box={[64, 64]} className={className} />;
}

interface SizedPictureProps {
  url: string;
  widths: Partial<Record<PictureSize, number>>;
  sizes: string;
  /** Width and height attributes: the box reserved before the picture arrives. */
  box: [number, number];
  className?: string | undefined;
}

function SizedPicture({ url, widths, sizes, box, className }: SizedPictureProps) {
  return (
    <img
      className={className}
      src={pictureSize(url, 'small')}
      srcSet={pictureSrcSet(url, widths)}
      sizes={sizes}
      alt=""
      width={box[0]}
      height={box[1]}
      loading="lazy"
      decoding="async"
    />
  );
}
