import { useId, type ReactNode } from 'react';
import { useTranslation } from '@fandeck/widgets/i18n';
import type { SortOrder } from '../routing/use-list-query.js';
import type { Loaded } from './remote-list.js';

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

export interface ListPagerProps {
  state: Loaded<unknown>;
  current: number;
  pageSize: number;
  onPage(current: number): void;
  onPageSize(pageSize: number): void;
}

/**
 * The pager of a loaded list of the account pages (10, 25 or 50 a page), shown only
 * when there is more than one page or the reader is past the first.
 */
export function ListPager({ state, current, pageSize, onPage, onPageSize }: ListPagerProps) {
  if (state.status !== 'ready' || (state.total <= pageSize && current <= 1)) return null;
  return <Pager current={current} pageSize={pageSize} total={state.total} pageSizes={[10, 25, 50]} onPage={onPage} onPageSize={onPageSize} />;
}

export interface FilterSelectProps {
  label: string;
  /** The select's `name`, also the end of its id. */
  name: string;
  value: string;
  onChange(value: string): void;
  /** The options. */
  children: ReactNode;
}

/** One labelled filter choice of a list, in a `list-controls` bar. */
export function FilterSelect({ label, name, value, onChange, children }: FilterSelectProps) {
  const id = useId();
  return (
    <div className="list-controls__group">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <select id={`${id}-${name}`} name={name} value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
    </div>
  );
}
