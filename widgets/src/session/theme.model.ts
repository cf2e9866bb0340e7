import { signal, type ReadonlySignal } from '@preact/signals-core';
import { toastText } from '../api/error-catalogue.js';
import { failure, success, type Outcome } from './outcome.js';
import type { Theme } from './types.js';

/** The storage key the host site has used since its first release. */
export const THEME_STORAGE_KEY = 'fandeck.theme';

/** Light or dark (spec section 2). */
export interface ThemeModel {
  readonly current: ReadonlySignal<Theme>;
  /** Switches and remembers the theme; anything but 'dark' or 'light' is refused. */
  set(theme: Theme): Outcome<Theme>;
}

/**
 * Dark by default and never following the system setting (spec section 2): the page's
 * own theme (loader `data-theme`) when given, else the fan's remembered choice, else dark.
 */
export function createThemeModel(initial?: Theme): ThemeModel {
  const current = signal<Theme>(parseTheme(initial) ?? readStoredTheme() ?? 'dark');
  return {
    current,
    set(theme) {
      const valid = parseTheme(theme);
      if (!valid) return failure({ status: 400, message: toastText(undefined), body: { theme } });
      current.value = valid;
      try {
        localStorage.setItem(THEME_STORAGE_KEY, valid);
      } catch {
        // Storage unavailable (privacy modes): the choice lasts for the page.
      }
      return success(valid);
    },
  };
}

export function parseTheme(value: unknown): Theme | null {
  return value === 'dark' || value === 'light' ? value : null;
}

function readStoredTheme(): Theme | null {
  try {
    return parseTheme(localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return null;
  }
}
