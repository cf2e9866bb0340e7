import type { EarningStats } from '@fandeck/contract';
import { formatMoney } from '../format/money.js';
import { useTranslation } from '../i18n/index.js';

export type StatKey = 'net' | 'available' | 'pending' | 'paid' | 'gross' | 'commission';

export interface StatListProps {
  stats: EarningStats;
  /** Each figure's field and its label's key, in order. */
  figures: readonly (readonly [keyof EarningStats, StatKey])[];
  /** The part of each figure, and of the list when it has one. */
  part: string;
  listPart?: string;
}

/** Money figures of the totals as a definition list. */
export function StatList({ stats, figures, part, listPart }: StatListProps) {
  const { t, i18n } = useTranslation();
  return (
    <dl className="fan-dash__stats" part={listPart}>
      {figures.map(([field, key]) => (
        <div key={key} className="fan-dash__stat" part={part} data-stat={key}>
          <dt className="fan-dash__muted">{t(`dashboard.stats.${key}`)}</dt>
          <dd>{formatMoney(stats[field], i18n.language)}</dd>
        </div>
      ))}
    </dl>
  );
}
