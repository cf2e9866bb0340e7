import { batch, signal, type ReadonlySignal } from '@preact/signals-core';
import type { TypedApi } from '../api/typed-api.js';
import { toastText } from '../api/error-catalogue.js';
import { failure, success, type Outcome } from './outcome.js';
import type { LoadStatus, PublicSettings } from './types.js';

/** The platform's public settings (GET /settings/public, spec section 3 Settings). */
export interface SettingsModel {
  /** Null until the first load succeeds. */
  readonly values: ReadonlySignal<PublicSettings | null>;
  readonly status: ReadonlySignal<LoadStatus>;
  /** The failure text of the last load, or null. */
  readonly error: ReadonlySignal<string | null>;
  /** Fetches the settings; concurrent callers share one request. */
  load(): Promise<Outcome<PublicSettings>>;
  /** The loaded settings, loading them first if needed. */
  ensure(): Promise<Outcome<PublicSettings>>;
}

export function createSettingsModel(api: TypedApi): SettingsModel {
  const values = signal<PublicSettings | null>(null);
  const status = signal<LoadStatus>('idle');
  const error = signal<string | null>(null);
  let inFlight: Promise<Outcome<PublicSettings>> | undefined;

  async function fetchSettings(): Promise<Outcome<PublicSettings>> {
    status.value = 'loading';
    const outcome = await api.settings.public(undefined, { unauthorized: 'ignore' });
    // Typed by the contract; still checked, since an old or broken server may answer anything.
    const settings: PublicSettings | null = outcome.ok && isRecord(outcome.value) ? outcome.value : null;
    batch(() => {
      if (settings) values.value = settings;
      status.value = settings ? 'ready' : 'failed';
      error.value = outcome.ok ? (settings ? null : toastText(undefined)) : outcome.error.message;
    });
    if (settings) return success(settings);
    return outcome.ok ? failure({ status: 200, message: toastText(undefined), body: outcome.value }) : outcome;
  }

  const load = () => (inFlight ??= fetchSettings().finally(() => (inFlight = undefined)));

  return {
    values,
    status,
    error,
    load,
    ensure() {
      const loaded = values.peek();
      return loaded ? Promise.resolve(success(loaded)) : load();
    },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
