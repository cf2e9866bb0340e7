import { useEffect, useId, useState } from 'react';
import type { Country } from '@fandeck/contract';
import { useNamespaces, useTranslation } from '@fandeck/widgets/i18n';
import { PageStatus } from '../../../components/page-status.js';
import { session } from '../../../session/session.js';
import { useSave } from './catalog-fields.js';
import { CatalogHead, FormFooter } from './catalog-page.js';

type Loaded = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; countries: Country[]; blocked: string[] };

async function loadBoth(): Promise<Loaded> {
  const [countries, blocked] = await Promise.all([session.api.reference.countries(), session.api.admin.blockedCountries.list()]);
  if (!countries.ok) return { status: 'failed', message: countries.error.message };
  if (!blocked.ok) return { status: 'failed', message: blocked.error.message };
  return { status: 'ready', countries: countries.value, blocked: blocked.value.countryCodes };
}

/** /admin/blocked-countries: visitors from these countries see the geo-blocked page instead of the site. */
export function BlockedCountriesPage() {
  useNamespaces('adminCatalog');
  const { t } = useTranslation();
  const [state, setState] = useState<Loaded>({ status: 'loading' });
  const reload = () => void loadBoth().then(setState);
  useEffect(reload, []);

  return (
    <section className="catalog catalog--settings" data-testid="admin-blocked-countries" aria-labelledby="blocked-countries-title">
      <CatalogHead id="blocked-countries-title" title={t('adminCatalog.blocked.title')} intro={t('adminCatalog.blocked.intro')} />
      {state.status === 'loading' ? <PageStatus kind="loading" /> : null}
      {state.status === 'failed' ? (
        <>
          <p className="error" role="alert">
            {state.message}
          </p>
          <button type="button" className="button" onClick={reload}>
            {t('site.retry')}
          </button>
        </>
      ) : null}
      {state.status === 'ready' ? <BlockedForm countries={state.countries} initial={state.blocked} /> : null}
    </section>
  );
}

function BlockedForm({ countries, initial }: { countries: Country[]; initial: string[] }) {
  const { t } = useTranslation();
  const id = useId();
  const [blocked, setBlocked] = useState(initial);
  const [search, setSearch] = useState('');
  const [done, setDone] = useState(false);
  const save = useSave({ countryCodes: t('adminCatalog.blocked.title') });
  const nameOf = (code: string) => countries.find((c) => c.code === code)?.name ?? code;
  const query = search.trim().toLowerCase();
  const matches = query ? countries.filter((c) => !blocked.includes(c.code) && (c.name.toLowerCase().includes(query) || c.code.toLowerCase() === query)).slice(0, 8) : [];
  const change = (next: string[]) => {
    setBlocked(next);
    setDone(false);
  };

  async function submit() {
    const saved = await save.run(() => session.api.admin.blockedCountries.set({ countryCodes: blocked }));
    if (!saved) return;
    setBlocked(saved.countryCodes);
    setDone(true);
  }

  return (
    <form
      className="card form stack settings-card"
      noValidate
      data-testid="blocked-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!save.saving) void submit();
      }}
    >
      <h2>{t('adminCatalog.blocked.listTitle', { count: blocked.length })}</h2>
      {blocked.length === 0 ? <p className="muted">{t('adminCatalog.blocked.empty')}</p> : null}
      <ul className="chip-list" aria-label={t('adminCatalog.blocked.listTitle', { count: blocked.length })}>
        {blocked.map((code) => (
          <li key={code} className="chip">
            {nameOf(code)} ({code})
            <button type="button" className="chip__remove" aria-label={t('adminCatalog.blocked.unblock', { name: nameOf(code) })} onClick={() => change(blocked.filter((c) => c !== code))}>
              ×
            </button>
          </li>
        ))}
      </ul>
      <div className="form__field">
        <label htmlFor={`${id}-search`}>{t('adminCatalog.blocked.search')}</label>
        <input id={`${id}-search`} type="search" autoComplete="off" value={search} onChange={(event) => setSearch(event.target.value)} />
      </div>
      {matches.length ? (
        <ul className="catalog-picks">
          {matches.map((country) => (
            <li key={country.code}>
              <button type="button" className="button" onClick={() => change([...blocked, country.code].sort())}>
                {t('adminCatalog.blocked.block', { name: country.name })}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <FormFooter failure={save.failure} done={done} saving={save.saving} />
    </form>
  );
}
