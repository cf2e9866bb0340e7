import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from '@fandeck/widgets/i18n';
import { PageStatus } from '../../components/page-status.js';
import { session } from '../../session/session.js';
import { SectionOutcome } from '../account/section-outcome.js';
import type { SectionState } from '../account/section-state.js';
import { useUnsaved } from './unsaved-guard.js';

type Loaded = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; codes: string[]; countries: { code: string; name: string }[] };

function regionName(locale: string) {
  try {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    return (code: string, fallback: string) => names.of(code) ?? fallback;
  } catch {
    return (_code: string, fallback: string) => fallback;
  }
}

/** The countries whose visitors may not see the creator (GET and POST /block/countries), saved as one list. */
export function BlockedCountries() {
  const { t, i18n } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    void Promise.all([session.api.blocks.countryList(), session.api.reference.countries()]).then(([codes, countries]) => {
      if (!live) return;
      if (!codes.ok) return setLoaded({ status: 'failed', message: codes.error.message });
      if (!countries.ok) return setLoaded({ status: 'failed', message: countries.error.message });
      const name = regionName(i18n.language);
      const list = countries.value.map((country) => ({ code: country.code, name: name(country.code, country.name) })).sort((a, b) => a.name.localeCompare(b.name, i18n.language));
      setLoaded({ status: 'ready', codes: codes.value.countryCodes, countries: list });
    });
    return () => {
      live = false;
    };
  }, [attempt, i18n.language]);
  if (loaded.status === 'loading') return <PageStatus kind="loading" />;
  if (loaded.status === 'failed') return <PageStatus kind="error" message={loaded.message} onRetry={() => setAttempt((n) => n + 1)} />;
  return <CountriesForm initial={loaded.codes} countries={loaded.countries} />;
}

function CountriesForm({ initial, countries }: { initial: string[]; countries: { code: string; name: string }[] }) {
  const { t } = useTranslation();
  const id = useId();
  const [saved, setSaved] = useState(initial);
  const [codes, setCodes] = useState(initial);
  const [choice, setChoice] = useState('');
  const [state, setState] = useState<SectionState<never>>({ status: 'idle' });
  useUnsaved(codes.join() !== saved.join());
  const names = useMemo(() => new Map(countries.map((country) => [country.code, country.name])), [countries]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.status === 'saving') return;
    setState({ status: 'saving' });
    const outcome = await session.api.blocks.countries({ countryCodes: codes });
    if (!outcome.ok) return setState({ status: 'failed', fields: {}, message: outcome.error.message });
    setSaved(outcome.value.countryCodes);
    setCodes(outcome.value.countryCodes);
    setState({ status: 'saved', message: t('settingsSections.blocks.saved') });
  }

  const add = () => {
    if (choice && !codes.includes(choice)) setCodes([...codes, choice].sort());
    setChoice('');
  };

  return (
    <form className="form stack" noValidate onSubmit={(event) => void submit(event)} data-state={state.status} data-testid="blocked-countries">
      <p className="muted">{t('settingsSections.blocks.countriesIntro')}</p>
      <div className="settings__inline">
        <div className="form__field">
          <label htmlFor={`${id}-country`}>{t('settingsSections.blocks.country')}</label>
          <select id={`${id}-country`} value={choice} onChange={(event) => setChoice(event.target.value)}>
            <option value="" />
            {countries
              .filter((country) => !codes.includes(country.code))
              .map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
          </select>
        </div>
        <button type="button" className="button" onClick={add} disabled={!choice}>
          {t('settingsSections.blocks.add')}
        </button>
      </div>
      {codes.length === 0 ? <p className="muted">{t('settingsSections.blocks.noCountries')}</p> : null}
      <ul className="settings__chips">
        {codes.map((code) => (
          <li key={code}>
            <span>{names.get(code) ?? code}</span>
            <button type="button" className="button button--small" aria-label={t('settingsSections.blocks.remove', { name: names.get(code) ?? code })} onClick={() => setCodes(codes.filter((c) => c !== code))}>
              ×
            </button>
          </li>
        ))}
      </ul>
      <SectionOutcome state={state} />
      <button type="submit" className="button button--primary" disabled={state.status === 'saving'}>
        {state.status === 'saving' ? t('creatorSettings.saving') : t('creatorSettings.save')}
      </button>
    </form>
  );
}
