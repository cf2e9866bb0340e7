import { useId } from 'react';
import type { EarningPoint } from '@fandeck/contract';
import { formatDate } from '../format/date.js';
import { formatMoney } from '../format/money.js';
import { useTranslation } from '../i18n/index.js';
import { useSignalValue } from '../session/react.js';
import { INTERVALS, type Interval } from './dashboard-api.js';
import type { DashboardModel } from './dashboard.model.js';
import { LoadCard } from './load-card.js';

const spanKey = { day: 'dashboard.chart.spanDay', week: 'dashboard.chart.spanWeek', month: 'dashboard.chart.spanMonth' } as const;
/** Buckets start at midnight UTC: their labels are read in UTC too, or a bucket would show the day before. */
const bucketLabel: Record<Interval, Intl.DateTimeFormatOptions> = {
  day: { day: 'numeric', month: 'short', timeZone: 'UTC' },
  week: { day: 'numeric', month: 'short', timeZone: 'UTC' },
  month: { month: 'short', year: 'numeric', timeZone: 'UTC' },
};
const HEIGHT = 60;
const STEP = 10;

/**
 * Earnings over time: an interval switch (day, week, month) and a bar chart drawn as
 * inline SVG. Screen readers get the chart's summary as its label, and every figure is
 * also in a table under a disclosure.
 */
export function EarningsChart({ flow }: { flow: DashboardModel }) {
  const { t } = useTranslation();
  const interval = useSignalValue(flow.interval);
  const state = useSignalValue(flow.timeline);
  const intervals = (
    <div className="fan-presets" part="intervals" role="group" aria-label={t('dashboard.chart.intervals')}>
      {INTERVALS.map((value) => (
        <button key={value} type="button" className="fan-preset" part="interval" aria-pressed={value === interval} onClick={() => void flow.setInterval(value)}>
          {t(`dashboard.chart.${value}`)}
        </button>
      ))}
    </div>
  );
  return (
    <LoadCard part="chart" title={t('dashboard.chart.title')} actions={intervals} state={state} onRetry={() => void flow.setInterval(interval)}>
      {(points) => <Bars points={points} interval={interval} />}
    </LoadCard>
  );
}

function Bars({ points, interval }: { points: readonly EarningPoint[]; interval: Interval }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const locale = i18n.language;
  const money = (value: number) => formatMoney(value, locale);
  const label = (point: EarningPoint | undefined) => formatDate(point?.date, locale, bucketLabel[interval]);
  const span = t(spanKey[interval]);
  const total = points.reduce((sum, point) => sum + point.netPrice, 0);
  const best = points.reduce<EarningPoint | undefined>((high, point) => (point.netPrice > (high?.netPrice ?? 0) ? point : high), undefined);
  const max = best?.netPrice ?? 0;
  const summary = best
    ? t('dashboard.chart.summary', { span, total: money(Math.round(total * 100) / 100), max: money(max), date: label(best) })
    : t('dashboard.chart.summaryEmpty', { span });
  const width = Math.max(1, points.length) * STEP;

  return (
    <figure className="fan-dash__figure">
      <svg className="fan-dash__svg" part="chart-svg" viewBox={`0 0 ${width} ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-labelledby={`${id}-summary`}>
        {points.map((point, index) => {
          // A bar that earned anything stays visible, however small next to the best one.
          const height = max > 0 && point.netPrice > 0 ? Math.max(1, (point.netPrice / max) * (HEIGHT - 2)) : 0;
          return (
            <rect key={point.date} className="fan-dash__bar" part="bar" x={index * STEP + 1} y={HEIGHT - height} width={STEP - 2} height={height}>
              <title>{`${label(point)}: ${money(point.netPrice)}`}</title>
            </rect>
          );
        })}
        <line className="fan-dash__axis" x1="0" x2={width} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} />
      </svg>
      <div className="fan-dash__row fan-dash__muted" aria-hidden="true">
        <span>{label(points[0])}</span>
        <span>{label(points.at(-1))}</span>
      </div>
      <figcaption id={`${id}-summary`} className="fan-dash__muted" part="summary">
        {summary}
      </figcaption>
      <details part="table">
        <summary>{t('dashboard.chart.table')}</summary>
        <table className="fan-dash__table">
          <thead>
            <tr>
              <th scope="col">{t('dashboard.chart.date')}</th>
              <th scope="col">{t('dashboard.chart.net')}</th>
              <th scope="col">{t('dashboard.chart.count')}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.date}>
                <th scope="row">{label(point)}</th>
                <td>{money(point.netPrice)}</td>
                <td>{point.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
