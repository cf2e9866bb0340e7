import { useEffect, useId, useState, type ReactNode } from 'react';
import type { AdminSettings } from '@fandeck/contract';
import { useTranslation } from '@fandeck/widgets/i18n';
import { PageStatus } from '../../../components/page-status.js';
import { session } from '../../../session/session.js';
import { useSave } from './catalog-fields.js';
import { FormFooter } from './catalog-page.js';

/** Every setting, read once for the page; `replace` takes the answer of a save. */
export function useAdminSettings() {
  const [state, setState] = useState<{ status: 'loading' } | { status: 'ready'; values: AdminSettings } | { status: 'failed'; message: string }>({ status: 'loading' });
  async function load() {
    setState({ status: 'loading' });
    const outcome = await session.api.admin.settings.get();
    setState(outcome.ok ? { status: 'ready', values: outcome.value } : { status: 'failed', message: outcome.error.message });
  }
  useEffect(() => void load(), []);
  const replace = (values: AdminSettings) => setState({ status: 'ready', values });
  return { state, load, replace };
}

export type AdminSettingsState = ReturnType<typeof useAdminSettings>;

/** The settings' loading and failed states, else the sections. */
export function SettingsGate({ settings, children }: { settings: AdminSettingsState; children: (values: AdminSettings) => ReactNode }) {
  const { t } = useTranslation();
  const { state } = settings;
  if (state.status === 'loading') return <PageStatus kind="loading" />;
  if (state.status === 'failed') {
    return (
      <>
        <p className="error" role="alert">
          {state.message}
        </p>
        <button type="button" className="button" onClick={() => void settings.load()}>
          {t('site.retry')}
        </button>
      </>
    );
  }
  return <>{children(state.values)}</>;
}

export interface SettingsSectionProps {
  name: string;
  title: string;
  intro?: string;
  /** The field labels by setting key, so a refused value is named as the form names it. */
  labels: Record<string, string>;
  /** The changes to send, or why the form cannot be sent. */
  changes: () => AdminSettings | string;
  /** Told with every setting once saved. */
  onSaved: (values: AdminSettings) => void;
  children: ReactNode;
}

/** One section of the settings with its own save: sends only its keys, says how it went. */
export function SettingsSection({ name, title, intro, labels, changes, onSaved, children }: SettingsSectionProps) {
  const { t } = useTranslation();
  const id = useId();
  const save = useSave(labels);
  const [done, setDone] = useState(false);

  async function submit() {
    setDone(false);
    const body = changes();
    if (typeof body === 'string') return save.fail(body);
    const saved = await save.run(() => session.api.admin.settings.update(body));
    if (!saved) return;
    onSaved(saved);
    setDone(true);
    void session.settings.load();
  }

  return (
    <form
      className="card form stack settings-card"
      noValidate
      aria-labelledby={`${id}-title`}
      aria-busy={save.saving}
      data-testid={name}
      onSubmit={(event) => {
        event.preventDefault();
        if (!save.saving) void submit();
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      {intro ? <p className="muted">{intro}</p> : null}
      {children}
      <FormFooter failure={save.failure} done={done} saving={save.saving} />
    </form>
  );
}

/** A number setting, or the fallback when it is missing. */
export const numberOf = (values: AdminSettings, key: string, fallback = 0): number => {
  const value = values[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
};
