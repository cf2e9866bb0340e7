import type { ReactNode } from 'react';
import { useTranslation } from '@fandeck/widgets/i18n';
import type { AttributeKey, Choice } from './reference-data.js';

/** What a field's control needs to be tied to its label, hint and error. */
export interface ControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  id: string;
  label: string;
  hint?: string | undefined;
  /** The refusal that names this field, shown under it. */
  error?: string | null | undefined;
  children: (control: ControlProps) => ReactNode;
}

/** A labelled control with its hint and, when the server refused it, its error. */
export function Field({ id, label, hint, error, children }: FieldProps) {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="form__field" data-invalid={error ? 'true' : undefined}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described || undefined })}
      {hint ? (
        <small id={`${id}-hint`} className="muted">
          {hint}
        </small>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const UNITS: Partial<Record<AttributeKey, string>> = { height: ' cm', weight: ' kg' };

/** A choice's label in the active language: bands are formatted here, words come from the texts. */
export function useChoiceLabel() {
  const { t, i18n } = useTranslation();
  // The site's lighter i18next has no `returnObjects`: read the loaded texts themselves.
  const texts = i18n.getResourceBundle(i18n.language, 'creatorSettings') as { choices?: Partial<Record<AttributeKey, Record<string, string>>> } | undefined;
  return (key: AttributeKey, choice: Choice): string => {
    const word = texts?.choices?.[key]?.[choice.value];
    if (typeof word === 'string') return word;
    const unit = UNITS[key] ?? '';
    const under = /^under_(\d+)$/.exec(choice.value);
    if (under) return t('creatorSettings.band.under', { amount: `${under[1]}${unit}` });
    const over = /^over_(\d+)$/.exec(choice.value);
    if (over) return t('creatorSettings.band.over', { amount: `${over[1]}${unit}` });
    const range = /^(\d+)_(\d+)$/.exec(choice.value);
    if (range) return t('creatorSettings.band.range', { low: range[1], high: `${range[2]}${unit}` });
    return choice.label;
  };
}

export interface ChoiceSelectProps {
  id: string;
  name: AttributeKey;
  label: string;
  choices: Choice[];
  value: string;
  onChange: (value: string) => void;
  error?: string | null | undefined;
  /** Whether "not saying" is offered (attributes may be cleared; gender may not). */
  clearable?: boolean;
}

/** A select of one profile attribute's choices (GET /user-additional). */
export function ChoiceSelect({ id, name, label, choices, value, onChange, error, clearable = true }: ChoiceSelectProps) {
  const { t } = useTranslation();
  const labelOf = useChoiceLabel();
  // A stored value the list no longer offers stays visible rather than silently changing.
  const known = value === '' || choices.some((choice) => choice.value === value);
  return (
    <Field id={id} label={label} error={error}>
      {(control) => (
        <select {...control} name={name} value={value} onChange={(event) => onChange(event.target.value)}>
          {clearable || value === '' ? <option value="">{t('creatorSettings.none')}</option> : null}
          {known ? null : <option value={value}>{value}</option>}
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {labelOf(name, choice)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** The status line under a form: saving, saved, or the refusal not tied to one field. */
export function SaveStatus({ state }: { state: SaveState }) {
  const { t } = useTranslation();
  if (state.status === 'saved') {
    return (
      <p className="success" role="status">
        {t('creatorSettings.saved')}
      </p>
    );
  }
  if (state.status === 'failed') {
    return (
      <p className="error" role="alert">
        {state.fields.length > 0 ? t('creatorSettings.fixFields') : state.message}
      </p>
    );
  }
  return null;
}

export type SaveState =
  | { status: 'idle' }
  | { status: 'saving' }
  | { status: 'saved' }
  /** `fields`: those the refusal names that this form shows, which carry the message themselves. */
  | { status: 'failed'; message: string; fields: string[] };

/** The message to show under `field`, when the last refusal named it. */
export const errorFor = (state: SaveState, field: string) => (state.status === 'failed' && state.fields.includes(field) ? state.message : null);
