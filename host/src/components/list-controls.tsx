import { useId } from 'react';
import { useTranslation } from '@fandeck/widgets/i18n';
import type { SortOrder } from '../routing/use-list-query.js';

export interface SortControlsProps {
  sortBy: string;
  sort: SortOrder;
  /** The sortable fields with their labels, in display order. */
  fields: readonly { value: string; label: string }[];
  onChange(sortBy: string, sort: SortOrder): void;
}

/** Sort field and direction of a list. */
export function SortControls({ sortBy, sort, fields, onChange }: SortControlsProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="list-controls__group">
      <label htmlFor={`${id}-by`}>{t('list.sortBy')}</label>
      <select id={`${id}-by`} name="sortBy" value={sortBy} onChange={(event) => onChange(event.target.value, sort)}>
        {fields.map((field) => (
          <option key={field.value} value={field.value}>
            {field.label}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-order`}>{t('list.order')}</label>
      <select id={`${id}-order`} name="sort" value={sort} onChange={(event) => onChange(sortBy, event.target.value === 'asc' ? 'asc' : 'desc')}>
        <option value="desc">{t('list.desc')}</option>
        <option value="asc">{t('list.asc')}</option>
      </select>
    </div>
  );
}

export interface PagerProps {
  current: number;
  pageSize: number;
  total: number;
  pageSizes?: readonly number[];
  onPage(current: number): void;
  onPageSize(pageSize: number): void;
}

/** Previous/next paging with the page count and a page-size choice. */
export function Pager({ current, pageSize, total, pageSizes = [12, 24, 48], onPage, onPageSize }: PagerProps) {
  const { t } = useTranslation();
  const id = useId();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const sizes = pageSizes.includes(pageSize) ? pageSizes : [...pageSizes, pageSize].sort((a, b) => a - b);
  return (
    <nav className="pager" aria-label={t('list.pagination')}>
      <button type="button" className="button" disabled={current <= 1} onClick={() => onPage(current - 1)}>
        {t('list.previous')}
      </button>
      <span data-testid="pager-status">{t('list.pageOf', { current, pages })}</span>
      <button type="button" className="button" disabled={current >= pages} onClick={() => onPage(current + 1)}>
        {t('list.next')}
      </button>
      <label htmlFor={`${id}-size`}>{t('list.pageSize')}</label>
      <select id={`${id}-size`} name="pageSize" value={pageSize} onChange={(event) => onPageSize(Number(event.target.value))}>
        {sizes.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </nav>
  );
}
