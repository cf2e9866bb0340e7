import { useId, useState, type ReactNode } from 'react';
import { parseAmount } from '@fandeck/widgets/format/money';
import { useTranslation } from '@fandeck/widgets/i18n';
import type { ActionError, Outcome } from '../../../session/session.js';

/** The field names a validation error lists (`body.price` gives `price`). */
function failedFields(error: ActionError): string[] {
  const fields = (error.body as { fields?: unknown } | undefined)?.fields;
  return Array.isArray(fields) ? fields.filter((f): f is string => typeof f === 'string').map((f) => f.split('.').at(-1) ?? f) : [];
}

/**
 * Saving a form: `run` sends the call and answers its value, or null once the refusal is
 * shown in the user's language: a field the server names is called by its label on the
 * form (`labels`), anything else by the text of its error code.
 */
export function useSave(labels: Record<string, string>) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function run<T>(call: () => Promise<Outcome<T>>): Promise<T | null> {
    setSaving(true);
    setFailure(null);
    const outcome = await call();
    setSaving(false);
    if (outcome.ok) return outcome.value;
    const named = failedFields(outcome.error).flatMap((field) => (labels[field] ? [labels[field]] : []));
    setFailure(named.length ? t('adminCatalog.invalidField', { field: named.join(', ') }) : outcome.error.message);
    return null;
  }

  return { saving, failure, fail: setFailure, run };
}

export interface CatalogSubmitOptions<B, T> {
  labels: Record<string, string>;
  /** The row edited (null: a new one). */
  editing: { _id: string } | null;
  /** The body to send, or why the form cannot be sent. */
  build: () => B | string;
  create: (body: B) => Promise<Outcome<T>>;
  update: (id: string, body: B) => Promise<Outcome<T>>;
  /** The saved row's name, for the text said once saved. */
  nameOf: (saved: T) => string;
  onSaved: (text: string) => void;
}

/** A catalogue form's save: checks the form, creates or changes the row, says how it went. */
export function useCatalogSubmit<B, T>({ labels, editing, build, create, update, nameOf, onSaved }: CatalogSubmitOptions<B, T>) {
  const { t } = useTranslation();
  const save = useSave(labels);

  async function submit() {
    const body = build();
    if (typeof body === 'string') return save.fail(body);
    const saved = await save.run(() => (editing ? update(editing._id, body) : create(body)));
    if (saved) onSaved(t(editing ? 'adminCatalog.saved' : 'adminCatalog.created', { name: nameOf(saved) }));
  }

  return { saving: save.saving, failure: save.failure, submit: () => void submit() };
}

export type CatalogSubmit = ReturnType<typeof useCatalogSubmit>;

interface FieldProps {
  label: string;
  hint?: string;
  children: (id: string) => ReactNode;
}

/** A labelled field with an optional hint under it. */
export function Field({ label, hint, children }: FieldProps) {
  const id = useId();
  return (
    <div className="form__field">
      <label htmlFor={id}>{label}</label>
      {children(id)}
      {hint ? <small className="muted">{hint}</small> : null}
    </div>
  );
}

export interface TextFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  maxLength?: number;
  inputMode?: 'decimal' | 'numeric' | 'text';
  type?: 'text' | 'datetime-local' | 'url';
}

export function TextField({ label, name, value, onChange, hint, maxLength, inputMode, type = 'text' }: TextFieldProps) {
  return (
    <Field label={label} hint={hint}>
      {(id) => (
        <input id={id} name={name} type={type} value={value} maxLength={maxLength} inputMode={inputMode} autoComplete="off" onChange={(event) => onChange(event.target.value)} />
      )}
    </Field>
  );
}

export function CheckField({ label, name, checked, onChange }: { label: string; name: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="catalog-check">
      <input type="checkbox" name={name} checked={checked} onChange={(event) => onChange(event.target.checked)} /> {label}
    </label>
  );
}

export function SelectField<V extends string>({ label, name, value, options, onChange }: { label: string; name: string; value: V; options: readonly { value: V; label: string }[]; onChange: (value: V) => void }) {
  return (
    <Field label={label}>
      {(id) => (
        <select id={id} name={name} value={value} onChange={(event) => onChange(event.target.value as V)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A decimal typed in either language (`12,50` or `12.50`), or null. */
export function amountOf(text: string): number | null {
  const parsed = parseAmount(text);
  return parsed.ok ? parsed.value : null;
}

/** A whole number typed, or null for an empty field; NaN when it is not one. */
export function countOf(text: string): number | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** An ISO date as a `datetime-local` input holds it, in the browser's time zone. */
export function localInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value as an ISO date (null when empty). */
export function isoOf(local: string): string | null {
  if (!local) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** A date and time in the user's language, or a dash. */
export function useDateText(): (iso: string | null) => string {
  const { i18n } = useTranslation();
  return (iso) => (iso ? new Date(iso).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' }) : '—');
}
