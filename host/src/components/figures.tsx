import { formatMoney } from '@fandeck/widgets/format/money';
import { useTranslation } from '@fandeck/widgets/i18n';

export interface Figure {
  /** Stable name for tests and styles (`data-figure`). */
  name: string;
  label: string;
  /** Decimal units. */
  amount: number;
  /** A count shown as is rather than as money. */
  plain?: boolean;
}

/** Totals as a row of cards: each a label over its amount in the reader's money format. */
export function Figures({ figures }: { figures: readonly Figure[] }) {
  const { i18n } = useTranslation();
  return (
    <dl className="figures">
      {figures.map((figure) => (
        <div key={figure.name} className="figures__item" data-figure={figure.name}>
          <dt>{figure.label}</dt>
          <dd>{figure.plain ? new Intl.NumberFormat(i18n.language).format(figure.amount) : formatMoney(figure.amount, i18n.language)}</dd>
        </div>
      ))}
    </dl>
  );
}
