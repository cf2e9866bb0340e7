import { useTranslation } from '../i18n/index.js';

/** The stream's title with the live badge and, while watching, how many watch. Parts: `live-badge`, `title`, `viewers`. */
export function StreamHeading({ title, live, viewers }: { title: string; live: boolean; viewers?: number }) {
  const { t } = useTranslation();
  return (
    <header className="fan-live__heading">
      {live ? (
        <span className="fan-live__badge" part="live-badge">
          {t('live-player.live')}
        </span>
      ) : null}
      {title ? (
        <h2 className="fan-live__title" part="title">
          {title}
        </h2>
      ) : null}
      {viewers !== undefined ? (
        <span className="fan-live__viewers" part="viewers" aria-live="polite">
          {t('live-player.viewers', { count: viewers })}
        </span>
      ) : null}
    </header>
  );
}
