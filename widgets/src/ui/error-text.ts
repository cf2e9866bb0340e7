import { useTranslation } from '../i18n/index.js';
import type { ActionError } from '../session/outcome.js';

/**
 * The words for a failed action in the element's language. One place, so every feature
 * says the same thing for the same failure; it reads the error's text as the API client
 * built it (translated when the catalogue knows it), else the generic line.
 */
export function useErrorText(): (error: ActionError) => string {
  const { t } = useTranslation();
  return (error) => error.message || t('errors.generic');
}
