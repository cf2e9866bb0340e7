import { useId, type ReactNode } from 'react';
import { useTranslation } from '@fandeck/widgets/i18n';
import { NoticeLine } from '../../../components/notice.js';
import { RemoteList } from '../../../components/remote-list.js';
import type { CatalogSubmit } from './catalog-fields.js';
import type { Catalog, CatalogRow } from './catalog-state.js';

export interface CatalogColumn<T> {
  label: string;
  /** A money or count column: right-aligned. */
  amount?: boolean;
  cell: (row: T) => ReactNode;
}

export interface CatalogPageProps<T extends CatalogRow> {
  /** The `data-testid` of the page. */
  name: string;
  title: string;
  intro: string;
  /** The button that opens an empty form. */
  newLabel: string;
  empty: string;
  catalog: Catalog<T>;
  columns: readonly CatalogColumn<T>[];
  /** The row's name, for its buttons' accessible names. */
  rowName: (row: T) => string;
  /** Buttons beside Edit (switch on or off, delete). */
  rowActions?: (row: T) => ReactNode;
  /** The form, started again whenever another row is edited. */
  form: ReactNode;
}

/**
 * A staff catalogue screen. A phone shows the list, then the form in its place; a laptop
 * shows the table with the form beside it. Each row is a card on a phone (every cell
 * labelled) and a table row on a laptop.
 */
export function CatalogPage<T extends CatalogRow>({ name, title, intro, newLabel, empty, catalog, columns, rowName, rowActions, form }: CatalogPageProps<T>) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section className="catalog" data-view={catalog.view} data-testid={name} aria-labelledby={`${id}-title`}>
      <CatalogHead id={`${id}-title`} title={title} intro={intro} />
      <div className="catalog__body">
        <div className="catalog__list stack">
          <div className="catalog__toolbar">
            <button type="button" className="button button--primary" onClick={() => catalog.open(null)}>
              {newLabel}
            </button>
          </div>
          <NoticeLine notice={catalog.notice} />
          <RemoteList state={catalog.rows.state} empty={empty} onRetry={() => void catalog.rows.reload()}>
            {(items) => (
              <table className="data-table catalog-table">
                <caption className="visually-hidden">{title}</caption>
                <thead>
                  <tr>
                    {columns.map((column) => (
                      <th key={column.label} scope="col" className={column.amount ? 'data-table__amount' : undefined}>
                        {column.label}
                      </th>
                    ))}
                    <th scope="col">{t('adminCatalog.actions.title')}</th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((row) => (
                    <tr key={row._id} data-row={rowName(row)}>
                      {columns.map((column) => (
                        <td key={column.label} data-label={column.label} className={column.amount ? 'data-table__amount' : undefined}>
                          {column.cell(row)}
                        </td>
                      ))}
                      <td className="catalog-table__actions">
                        <button type="button" className="button" aria-label={t('adminCatalog.actions.editNamed', { name: rowName(row) })} onClick={() => catalog.open(row)}>
                          {t('adminCatalog.actions.edit')}
                        </button>
                        {rowActions?.(row)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </RemoteList>
        </div>
        <div className="catalog__form" key={catalog.formKey}>
          {form}
        </div>
      </div>
    </section>
  );
}

/** A staff screen's title and what it is for. */
export function CatalogHead({ id, title, intro }: { id: string; title: string; intro: string }) {
  return (
    <header className="catalog__head">
      <h1 id={id}>{title}</h1>
      <p className="muted">{intro}</p>
    </header>
  );
}

/** Under a form: why its last save failed, that it was saved, and its save button. */
export function FormFooter({ failure, done, saving }: { failure: string | null; done: boolean; saving: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <NoticeLine notice={failure ? { kind: 'failed', text: failure } : done ? { kind: 'done', text: t('adminCatalog.settings.saved') } : null} />
      <div className="tools-actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? t('adminCatalog.actions.saving') : t('adminCatalog.actions.save')}
        </button>
      </div>
    </>
  );
}

export interface CatalogFormProps {
  name: string;
  title: string;
  /** Whether a saved row is edited (Save) or a new one written (Create). */
  editing: boolean;
  /** The form's save (`useCatalogSubmit`). */
  save: CatalogSubmit;
  onCancel: () => void;
  children: ReactNode;
}

/** A catalogue screen's form: heading, fields, why the last save failed, save and cancel. */
export function CatalogForm({ name, title, editing, save, onCancel, children }: CatalogFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const { saving, failure } = save;
  return (
    <form
      className="form stack catalog-form"
      noValidate
      aria-labelledby={`${id}-title`}
      aria-busy={saving}
      data-testid={name}
      onSubmit={(event) => {
        event.preventDefault();
        if (!saving) save.submit();
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
      <NoticeLine notice={failure ? { kind: 'failed', text: failure } : null} />
      <div className="tools-actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? t('adminCatalog.actions.saving') : t(editing ? 'adminCatalog.actions.save' : 'adminCatalog.actions.create')}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {t('adminCatalog.actions.cancel')}
        </button>
      </div>
    </form>
  );
}

/** A row's switch: off when it is on, on when it is off. */
export function RowSwitch({ on, name, onClick }: { on: boolean; name: string; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="button" aria-label={t(on ? 'adminCatalog.actions.switchOffNamed' : 'adminCatalog.actions.switchOnNamed', { name })} onClick={onClick}>
      {on ? t('adminCatalog.actions.switchOff') : t('adminCatalog.actions.switchOn')}
    </button>
  );
}

/** A row's delete (or retire) button; the page asks for confirmation. */
export function RowDelete({ name, onClick, retire = false }: { name: string; onClick: () => void; retire?: boolean }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="button" aria-label={t(retire ? 'adminCatalog.actions.retireNamed' : 'adminCatalog.actions.deleteNamed', { name })} onClick={onClick}>
      {t(retire ? 'adminCatalog.actions.retire' : 'adminCatalog.actions.delete')}
    </button>
  );
}
