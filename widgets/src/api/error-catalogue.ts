/**
 * The texts of failures (spec section 8), chosen by error code (contract/src/errors.ts)
 * in the active language. The server's `message` is English for developers and logs;
 * nothing here shows it, or compares it with anything.
 */
import { looksLikeErrorCode, type ErrorCode } from '@fandeck/contract';
import type { TFunction } from 'i18next';
import { i18n, loadNamespaces } from '../i18n/index.js';

/** The namespaces failure texts come from; the API client loads them before it answers a failure. */
export const failureNamespaces = ['errors', 'notices'] as const;

/** Loads the failure texts for the active locale; never rejects (offline, the keys' blanks are the lesser harm). */
export function loadFailureTexts(): Promise<void> {
  return loadNamespaces(failureNamespaces).catch(() => undefined);
}

/**
 * The code of a failure: the body's, else what the status alone says (0: no answer,
 * -1: cancelled, 401/403: sign in again). Null when neither tells.
 */
export function failureCode(status: number, body: unknown): ErrorCode | null {
  const code = isRecord(body) ? body.code : undefined;
  if (looksLikeErrorCode(code)) return code;
  if (status === 0) return 'network.unreachable';
  if (status === -1) return 'request.cancelled';
  if (status === 401 || status === 403) return 'auth.sign_in_required';
  return null;
}

/** What a failure needs for its text: its code, its status, and the body for a validation error's fields. */
export interface FailureFacts {
  code: ErrorCode | null;
  status: number;
  body?: unknown;
}

/**
 * The text of a failure, in the language of `t` (an element's own, or the page's). A
 * validation error names the fields at fault; a failure without a code gets the generic
 * text of its status.
 */
export function failureTextOf({ code, status, body }: FailureFacts, t: TFunction = i18n.t): string {
  if (code === 'request.invalid') {
    const fields = fieldNames(body);
    if (fields.length === 1) return t('errors.invalidField', { field: fields[0] });
    if (fields.length > 1) return t('errors.invalidFields', { fields: fields.join(', ') });
  }
  if (code) {
    // A code this client has no text for (a newer server) is told by its status instead.
    const text = t(`errors.${code}`, { defaultValue: '' });
    if (text) return text;
  }
  if (status === 404) return t('errors.route.not_found');
  if (status === 429) return t('errors.request.too_many');
  if (status >= 500) return t('errors.somethingWrong');
  return t('errors.generic');
}

/** The text an ActionError carries: by the body's code, else by status. */
export function failureText(status: number, body: unknown): string {
  return failureTextOf({ code: failureCode(status, body), status, body });
}

/** 401 or 403 on any call. */
export function unauthorizedText(): string {
  return i18n.t('errors.unauthorized');
}

/** Login failure: the text of its code (too many attempts, inactive account...), else incorrect credentials. */
export function loginFailureText(body: unknown): string {
  return i18n.t(`errors.${failureCode(400, body) ?? 'auth.incorrect_credentials'}`);
}

/** Profile or password update failure: the text of its code, else the generic one. */
export function updateFailureText(body: unknown): string {
  return failureTextOf({ code: failureCode(400, body), status: 400, body });
}

/** Conversation or message load or open failure. */
export function loadFailureText(): string {
  return i18n.t('errors.generic');
}

/** A profile or password update went through. */
export function changesSavedText(): string {
  return i18n.t('notices.changesSaved');
}

/** The user cancelled an upload. */
export function uploadCancelledText(): string {
  return i18n.t('notices.uploadCancelled');
}

/**
 * The generic failure toast for whatever a call produced (an ActionError, a server body,
 * anything thrown): the text of its code when it carries one, else 'Something went wrong'.
 */
export function toastText(error: unknown): string {
  const code = isRecord(error) ? error.code : undefined;
  if (looksLikeErrorCode(code)) return failureTextOf({ code, status: 0, body: error });
  return i18n.t('errors.somethingWrong');
}

/** `request.invalid` bodies list the fields at fault (`body.price`); the text names the last segment. */
function fieldNames(body: unknown): string[] {
  const fields: unknown[] = isRecord(body) && Array.isArray(body.fields) ? body.fields : [];
  return fields.filter((field): field is string => typeof field === 'string').map((field) => field.split('.').at(-1) ?? field);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
