import { useId, type ReactNode } from 'react';
import { FormError } from './form-error.js';

/** The parts a field exposes; each feature keeps the names its embedders already style. */
export interface TextFieldParts {
  field?: string | undefined;
  label?: string | undefined;
  input?: string | undefined;
  hint?: string | undefined;
  error?: string | undefined;
}

export interface TextFieldProps {
  label: ReactNode;
  value: string;
  onValue: (value: string) => void;
  name: string;
  type?: 'text' | 'email' | 'password' | undefined;
  autoComplete?: string | undefined;
  /** A textarea of this many rows instead of an input. */
  rows?: number | undefined;
  /** Shown under the field, tied to it by `aria-describedby`. */
  hint?: ReactNode;
  /** Marks the hint as over a limit (`data-over`), e.g. a character count. */
  hintOver?: boolean | undefined;
  /** What is wrong with the value; marks the field invalid. */
  error?: ReactNode;
  disabled?: boolean | undefined;
  parts?: TextFieldParts | undefined;
}

/** A labelled text input or textarea with an optional hint and error, wired for screen readers. */
export function TextField({ label, value, onValue, name, type = 'text', autoComplete, rows, hint, hintOver, error, disabled, parts = {} }: TextFieldProps) {
  const id = useId();
  const hasError = error !== null && error !== undefined && error !== '' && error !== false;
  const described = [hint ? `${id}-hint` : null, hasError ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id: `${id}-input`,
    name,
    part: parts.input ?? 'input',
    className: 'fan-input',
    value,
    disabled,
    'aria-invalid': hasError || undefined,
    'aria-describedby': described,
  };
  return (
    <div className="fan-field" part={parts.field}>
      <label className="fan-label" htmlFor={`${id}-input`} part={parts.label}>
        {label}
      </label>
      {rows ? (
        <textarea {...common} rows={rows} onChange={(event) => onValue(event.target.value)} />
      ) : (
        <input {...common} type={type} autoComplete={autoComplete} onChange={(event) => onValue(event.target.value)} />
      )}
      {hint ? (
        <p id={`${id}-hint`} className="fan-hint" part={parts.hint} data-over={hintOver || undefined}>
          {hint}
        </p>
      ) : null}
      <FormError id={`${id}-error`} part={parts.error ?? 'error'}>
        {error}
      </FormError>
    </div>
  );
}
