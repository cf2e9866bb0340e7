import { computed, type ReadonlySignal } from '@preact/signals-core';
import type { SettingsModel } from './settings.model.js';
import type { MenuItem, PublicSettings } from './types.js';

/** The chrome every page reads (spec section 3, UI state), derived from the settings. */
export interface UiModel {
  readonly siteName: ReadonlySignal<string>;
  /** Absolute URLs on the platform origin, so they also work on third-party pages; '' when unset. */
  readonly logo: ReadonlySignal<string>;
  readonly darkmodeLogo: ReadonlySignal<string>;
  readonly favicon: ReadonlySignal<string>;
  readonly menus: ReadonlySignal<readonly MenuItem[]>;
}

const DEFAULT_SITE_NAME = 'Fandeck';

export function createUiModel(settings: SettingsModel, origin: string): UiModel {
  const read = (pick: (values: PublicSettings) => unknown): string => {
    const values = settings.values.value;
    const value = values ? pick(values) : undefined;
    return typeof value === 'string' ? value.trim() : '';
  };
  const url = (pick: (values: PublicSettings) => unknown) => computed(() => absolute(read(pick), origin));

  return {
    siteName: computed(() => read((s) => s.siteName) || DEFAULT_SITE_NAME),
    logo: url((s) => s.logoUrl),
    // A site with one logo uses it for both themes.
    darkmodeLogo: url((s) => s.darkmodeLogoUrl || s.logoUrl),
    favicon: url((s) => s.faviconUrl),
    menus: computed(() => {
      const menus = settings.values.value?.menus;
      return Array.isArray(menus) ? menus.filter(isMenuItem) : [];
    }),
  };
}

function absolute(path: string, origin: string): string {
  if (!path) return '';
  try {
    return new URL(path, origin).href;
  } catch {
    return path;
  }
}

function isMenuItem(value: unknown): value is MenuItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Partial<MenuItem>;
  return typeof item.title === 'string' && typeof item.path === 'string' && (item.section === 'header' || item.section === 'footer');
}
