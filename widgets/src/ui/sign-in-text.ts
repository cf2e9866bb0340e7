import type { TFunction } from 'i18next';
import { errorCode } from '../session/money-action.js';
import type { ActionError } from '../session/outcome.js';

/** The bridge's own sign-in failures, by contract code (and the names older bridges used). */
const bridgeTexts = {
  'bridge.popup_blocked': 'embed.popupBlocked',
  'bridge.popup_closed': 'embed.popupClosed',
  'bridge.unavailable': 'embed.bridgeUnavailable',
  'popup-blocked': 'embed.popupBlocked',
  'popup-closed': 'embed.popupClosed',
  'bridge-unavailable': 'embed.bridgeUnavailable',
} as const;

function rawCode(error: ActionError): string | null {
  const body = error.body;
  const code = typeof body === 'object' && body !== null ? (body as { code?: unknown }).code : undefined;
  return errorCode(error) ?? (typeof code === 'string' ? code : null);
}

/**
 * What a failed `session.auth.login` says to the fan, or null when nothing went wrong
 * (the fan closed the popup on purpose: status -1). One wording for every sign-in place.
 */
export function signInFailureText(error: ActionError, t: TFunction): string | null {
  if (error.status === -1) return null;
  const code = rawCode(error);
  if (code && code in bridgeTexts) return t(bridgeTexts[code as keyof typeof bridgeTexts]);
  if (code === 'auth.incorrect_credentials') return t('ui.incorrectCredentials');
  return error.message || t('ui.incorrectCredentials');
}
