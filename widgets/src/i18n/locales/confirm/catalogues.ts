/**
 * The `confirm` namespace in every locale at once, for the payment confirm: the bridge is
 * a tiny page that shows it without i18next, so it takes the three catalogues as plain
 * objects and picks the fan's locale itself (bridge/confirm-texts.ts).
 */
import en from './en.js';
import es from './es.js';
import ptBR from './pt-BR.js';

export const confirmLocales = { 'pt-BR': ptBR, en, es } as const;
