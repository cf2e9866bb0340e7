import { useTranslation } from '@fandeck/widgets/i18n';
import type { LivePlayerModel } from '@fandeck/widgets/live-player/live-player.model';
import { useEffect, useState } from 'react';
import { useSignalValue } from '../../session/session.js';
import type { IngestStats } from './stream-ingest.js';

/** `h:mm:ss` (or `m:ss` under an hour). */
export function elapsedText(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** What the creator sees while on air: time, bytes sent, viewers and the upload connection. */
export function LiveStats({ since, stats, model }: { since: number; stats: IngestStats; model: LivePlayerModel }) {
  const { t, i18n } = useTranslation();
  const watching = useSignalValue(model.viewers);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const megabytes = new Intl.NumberFormat(i18n.language, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(stats.bytesSent / 1_000_000);
  return (
    <dl className="figures go-live__stats" aria-label={t('creatorLive.stats.title')}>
      <div className="figures__item" data-figure="elapsed">
        <dt>{t('creatorLive.stats.elapsed')}</dt>
        <dd>{elapsedText(now - since)}</dd>
      </div>
      <div className="figures__item" data-figure="sent">
        <dt>{t('creatorLive.stats.sent')}</dt>
        <dd>{megabytes}</dd>
      </div>
      <div className="figures__item" data-figure="viewers">
        <dt>{t('creatorLive.stats.viewers')}</dt>
        <dd>{new Intl.NumberFormat(i18n.language).format(watching)}</dd>
      </div>
      <div className="figures__item" data-figure="connection" data-state={stats.socket}>
        <dt>{t('creatorLive.stats.connection')}</dt>
        <dd>{t(`creatorLive.socket.${stats.socket}`)}</dd>
      </div>
    </dl>
  );
}
