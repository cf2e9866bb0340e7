/**
 * The error catalogue of spec section 8, as text in the active language. The server
 * answers in English; a message the catalogue knows is shown translated, any other
 * as sent (`localizeServerMessage`).
 */
import { i18n, localizeServerMessage } from '../i18n/index.js';

/** 401 or 403 on any call. */
export function unauthorizedText(): string {
  return i18n.t('errors.unauthorized');
}

/** Login failure: the server's message, else 'Incorrect credentials!'. */
export function loginFailureText(body: unknown): string {
  return serverMessage(body) ?? i18n.t('login.incorrectCredentials');
}

/** Profile or password update failure: the server's message, else 'Error occurred, please try again later'. */
export function updateFailureText(body: unknown): string {
  return serverMessage(body) ?? i18n.t('errors.generic');
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
 * The generic failure toast: the error's message, else its nested message, else
 * 'Something went wrong, please try again later'. Accepts whatever a call produced: an
 * ActionError, a server body, an Error, a string.
 */
export function toastText(error: unknown): string {
  return messageOf(error) ?? nestedMessageOf(error) ?? i18n.t('errors.somethingWrong');
}

/**
 * The text an ActionError carries by default: the catalogue's for 401/403, otherwise
 * the generic toast chain over the server's body.
 */
export function failureText(status: number, body: unknown): string {
  if (status === 401 || status === 403) return unauthorizedText();
  if (status === -1) return uploadCancelledText();
  return toastText(body);
}

/** The server's own message in a failure body (`{ statusCode, message, error }`), translated when known. */
export function serverMessage(body: unknown): string | undefined {
  return messageOf(body) ?? nestedMessageOf(body);
}

function messageOf(value: unknown): string | undefined {
  if (typeof value === 'string') return text(value);
  if (!isRecord(value)) return undefined;
  const message = value.message;
  if (typeof message === 'string') return text(message);
  // Validation errors of some servers carry a list of messages; the first names the field.
  if (Array.isArray(message) && typeof message[0] === 'string') return text(message[0]);
  return undefined;
}

/** One level down: `{ message: { message } }`, `{ body | data | response.data | error: { message } }`. */
function nestedMessageOf(value: unknown): string | undefined {
  if (!isRecord(value)) return undefined;
  const response = isRecord(value.response) ? value.response.data : undefined;
  for (const inner of [value.message, value.body, value.data, response, value.error]) {
    const found = typeof inner === 'string' ? undefined : messageOf(inner);
    if (found) return found;
  }
  return undefined;
}

function text(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed ? localizeServerMessage(trimmed) : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
