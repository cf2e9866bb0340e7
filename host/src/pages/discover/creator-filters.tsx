import { ATTRIBUTE_CHOICE_LISTS, CREATOR_ATTRIBUTE_FILTERS, CREATOR_SEARCH_SORTS, type Choice, type CreatorAttributeFilter, type CreatorSearchSort, type UserAdditional } from '@fandeck/contract';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from '@fandeck/widgets/i18n';
import { creatorFilterChoices, type CreatorFilterChoices } from '../../data/search.js';
import { useChoiceLabel } from '../creator-settings/settings-fields.js';

/** Every filter the discover page keeps in the address, beside `q`, paging and the sort. */
export const CREATOR_FILTERS = ['gender', 'country', ...CREATOR_ATTRIBUTE_FILTERS, 'isFreeSubscription', 'live'] as const;
export type CreatorFilter = (typeof CREATOR_FILTERS)[number];
export type FilterValues = Partial<Record<CreatorFilter, string>>;

/** The filters inside the panel (live and free are switches beside the sort, always in view). */
const PANEL_FILTERS = ['gender', 'country', ...CREATOR_ATTRIBUTE_FILTERS] as const;

const PLURAL: Record<CreatorAttributeFilter | 'gender', keyof UserAdditional> = ATTRIBUTE_CHOICE_LISTS;

const SORT_KEYS = { popular: 'discover.sortPopular', newest: 'discover.sortNewest', live: 'discover.sortLive' } as const;

export interface CreatorFiltersProps {
  values: FilterValues;
  sortBy: CreatorSearchSort;
  onFilters(values: FilterValues): void;
  onSort(sortBy: CreatorSearchSort): void;
}

function regionNames(locale: string): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    return null;
  }
}

/**
 * The creator search's controls, made for a phone: the sort and the two switches fans use
 * most (live now, free subscription) in one row, the rest in a panel that opens under them
 * and says how many filters are on. Every change goes to the address at once.
 */
export function CreatorFilters({ values, sortBy, onFilters, onSort }: CreatorFiltersProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const labelOf = useChoiceLabel();
  const [choices, setChoices] = useState<{ status: 'loading' } | { status: 'ready'; value: CreatorFilterChoices } | { status: 'failed' }>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    void creatorFilterChoices().then((outcome) => {
      if (live) setChoices(outcome.ok ? { status: 'ready', value: outcome.value } : { status: 'failed' });
    });
    return () => {
      live = false;
    };
  }, [attempt]);
  const countries = useMemo(() => {
    if (choices.status !== 'ready') return [];
    const names = regionNames(i18n.language);
    return choices.value.countries
      .map((country) => ({ code: country.code, name: names?.of(country.code) ?? country.name }))
      .sort((a, b) => a.name.localeCompare(b.name, i18n.language));
  }, [choices, i18n.language]);
  const active = PANEL_FILTERS.filter((name) => values[name]).length;
  const toggle = (name: 'live' | 'isFreeSubscription') => (checked: boolean) => onFilters({ [name]: checked ? 'true' : '' } as FilterValues);

  const selectOf = (name: (typeof PANEL_FILTERS)[number]) => {
    const options: { value: string; label: string }[] =
      name === 'country'
        ? countries.map((country) => ({ value: country.code, label: country.name }))
        : choices.status === 'ready'
          ? (choices.value.additional[PLURAL[name]] ?? []).map((choice: Choice) => ({ value: choice.value, label: labelOf(name, choice) }))
          : [];
    const label = name === 'country' ? t('creatorSettings.profile.country') : t(`creatorSettings.profile.${name}`);
    return (
      <div className="form__field" key={name}>
        <label htmlFor={`${id}-${name}`}>{label}</label>
        <select id={`${id}-${name}`} name={name} value={values[name] ?? ''} onChange={(event) => onFilters({ [name]: event.target.value } as FilterValues)}>
          <option value="">{t('discover.any')}</option>
          {/* A value from a shared link the list no longer offers stays visible. */}
          {values[name] && !options.some((option) => option.value === values[name]) ? <option value={values[name]}>{values[name]}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    );
  };

  return (
    <div className="discover__controls" data-testid="creator-filters">
      <div className="discover__bar">
        <div className="list-controls__group">
          <label htmlFor={`${id}-sort`}>{t('discover.sortBy')}</label>
          <select id={`${id}-sort`} name="sortBy" value={sortBy} onChange={(event) => onSort(event.target.value as CreatorSearchSort)}>
            {CREATOR_SEARCH_SORTS.map((value) => (
              <option key={value} value={value}>
                {t(SORT_KEYS[value])}
              </option>
            ))}
          </select>
        </div>
        <label className="discover__switch">
          <input type="checkbox" name="live" checked={values.live === 'true'} onChange={(event) => toggle('live')(event.target.checked)} />
          {t('discover.liveNow')}
        </label>
        <label className="discover__switch">
          <input type="checkbox" name="isFreeSubscription" checked={values.isFreeSubscription === 'true'} onChange={(event) => toggle('isFreeSubscription')(event.target.checked)} />
          {t('discover.freeSubscription')}
        </label>
      </div>
      <details className="discover__filters" open={active > 0 ? true : undefined}>
        <summary>{active > 0 ? t('discover.filtersActive', { count: active }) : t('discover.filters')}</summary>
        {choices.status === 'failed' ? (
          <p className="error" role="alert">
            {t('discover.filtersFailed')}{' '}
            <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
              {t('site.retry')}
            </button>
          </p>
        ) : null}
        <div className="discover__filter-grid" aria-busy={choices.status === 'loading'}>
          {PANEL_FILTERS.map(selectOf)}
        </div>
        {active > 0 ? (
          <button type="button" className="button" onClick={() => onFilters(Object.fromEntries(PANEL_FILTERS.map((name) => [name, ''])) as FilterValues)}>
            {t('discover.clearFilters')}
          </button>
        ) : null}
      </details>
    </div>
  );
}
