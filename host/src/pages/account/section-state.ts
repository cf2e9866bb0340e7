import type { ErrorCode } from '@fandeck/contract';
import type { ActionError } from '../../session/session.js';

/**
 * A settings section's form: idle, saving, saved with its text, or refused. A refusal
 * keeps what the user typed (the inputs are not touched) and says why next to the field
 * it names, in the user's language; one that names no field shows under the form.
 */
export type SectionState<F extends string> =
  | { status: 'idle' }
  | { status: 'saving' }
  | { status: 'saved'; message: string }
  | { status: 'failed'; fields: Partial<Record<F, string>>; message: string | null };

/**
 * Which field a refusal is about: the `request.invalid` body's `fields` (`body.email`), else
 * the code's own field. The text is the outcome's, already in the user's language.
 */
export function refusal<F extends string>(error: ActionError, byCode: Partial<Record<ErrorCode, F>>, known: readonly F[]): SectionState<F> {
  const named = fieldsOf(error.body).filter((field): field is F => (known as readonly string[]).includes(field));
  const byItsCode = error.code ? byCode[error.code] : undefined;
  const fields: Partial<Record<F, string>> = {};
  for (const field of byItsCode ? [byItsCode] : named) fields[field] = error.message;
  return { status: 'failed', fields, message: Object.keys(fields).length > 0 ? null : error.message };
}

/** A refusal the page found before sending: the same place, the same look. */
export function localRefusal<F extends string>(fields: Partial<Record<F, string>>): SectionState<F> {
  return { status: 'failed', fields, message: null };
}

export function fieldError<F extends string>(state: SectionState<F>, field: F): string | undefined {
  return state.status === 'failed' ? state.fields[field] : undefined;
}

function fieldsOf(body: unknown): string[] {
  if (typeof body !== 'object' || body === null) return [];
  const fields = (body as { fields?: unknown }).fields;
  return Array.isArray(fields) ? fields.filter((field): field is string => typeof field === 'string').map((field) => field.split('.').at(-1) ?? field) : [];
}
