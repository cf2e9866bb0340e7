import { afterEach, describe, expect, it } from 'vitest';
import { createThemeModel, THEME_STORAGE_KEY } from './theme.model.js';
import type { Theme } from './types.js';

afterEach(() => localStorage.removeItem(THEME_STORAGE_KEY));

describe('theme model (spec section 2)', () => {
  it('is dark by default, whatever the system prefers', () => {
    expect(createThemeModel().current.value).toBe('dark');
  });

  it('remembers a choice and reads it back; the page may impose its own', () => {
    const theme = createThemeModel();
    expect(theme.set('light')).toEqual({ ok: true, value: 'light' });
    expect(theme.current.value).toBe('light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(createThemeModel().current.value).toBe('light');
    expect(createThemeModel('dark').current.value).toBe('dark');
  });

  it('refuses anything but dark or light', () => {
    const theme = createThemeModel();
    const outcome = theme.set('sepia' as Theme);
    expect(outcome.ok).toBe(false);
    expect(theme.current.value).toBe('dark');
  });
});
