import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { settings } from './settings.tables.js';
import { badRequest } from '../../http/errors.js';
import { isSettingKey, SETTING_KEYS, SETTINGS, type SettingKey, type SettingValues } from './settings.catalogue.js';

/** Writes every missing setting with its default; existing values are kept. */
export async function ensureDefaultSettings(db: DbOrTx): Promise<void> {
  await db
    .insert(settings)
    .values(
      SETTING_KEYS.map((key) => ({
        key,
        value: SETTINGS[key].default,
        visibility: SETTINGS[key].visibility,
        group: SETTINGS[key].group,
      })),
    )
    .onConflictDoNothing();
}

/**
 * Reads settings from the database on every call, so an admin change is seen at once
 * by every server process. A stored value that no longer passes its schema falls back
 * to the default.
 */
export async function readSettings<K extends SettingKey>(db: DbOrTx, keys: readonly K[]): Promise<Pick<SettingValues, K>> {
  const rows = keys.length ? await db.select().from(settings).where(inArray(settings.key, [...keys])) : [];
  return settingValues(keys, new Map(rows.map((r) => [r.key, r.value])));
}

/** The values of `keys` from what is stored (a key or value that fails its schema gives the default). */
export function settingValues<K extends SettingKey>(keys: readonly K[], stored: ReadonlyMap<string, unknown>): Pick<SettingValues, K> {
  const out = {} as Record<string, unknown>;
  for (const key of keys) {
    const parsed = SETTINGS[key].schema.safeParse(stored.get(key));
    out[key] = parsed.success ? parsed.data : SETTINGS[key].default;
  }
  return out as Pick<SettingValues, K>;
}

/**
 * The stored values of `keys` as one JSON object, for a query that reads settings along
 * with other rows (read on every call like `readSettings`); pass the result to `settingValues`.
 */
export const settingsJson = (keys: readonly SettingKey[]) =>
  sql<Record<string, unknown> | string | null>`(select jsonb_object_agg(${settings.key}, ${settings.value}) from ${settings} where ${inArray(settings.key, [...keys])})`;

export const readAllSettings = (db: DbOrTx) => readSettings(db, SETTING_KEYS);

export async function readSetting<K extends SettingKey>(db: DbOrTx, key: K): Promise<SettingValues[K]> {
  return (await readSettings(db, [key]))[key];
}

export async function updateSettings(db: DbOrTx, changes: Record<string, unknown>): Promise<void> {
  const entries = Object.entries(changes);
  if (entries.length === 0) throw badRequest('settings.empty', 'body: at least one setting is required');
  const checked: { key: SettingKey; value: unknown }[] = [];
  for (const [key, value] of entries) {
    if (!isSettingKey(key)) throw badRequest('settings.unknown_key', `body.${key}: unknown setting`, [`body.${key}`]);
    const parsed = SETTINGS[key].schema.safeParse(value);
    if (!parsed.success) throw badRequest('settings.invalid_value', `body.${key}: ${parsed.error.issues[0]?.message ?? 'invalid value'}`, [`body.${key}`]);
    checked.push({ key, value: parsed.data });
  }
  for (const { key, value } of checked) {
    await db
      .insert(settings)
      .values({ key, value, visibility: SETTINGS[key].visibility, group: SETTINGS[key].group })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
  }
}

/** A numeric setting's default and the bounds its schema accepts, for a statement that judges stored values in the database. */
export interface NumericSettingRule {
  default: number;
  min: number;
  max: number;
  /** `multipleOf`, when the schema has one. */
  step?: number;
}

/**
 * The rules of numeric settings, read from their schemas (`money_charge` takes them so the
 * limits are written once, in the catalogue). Throws for a key that is not a plain number.
 */
export function numericSettingRules(keys: readonly SettingKey[]): Record<string, NumericSettingRule> {
  const out: Record<string, NumericSettingRule> = {};
  for (const key of keys) {
    const { schema, default: fallback } = SETTINGS[key];
    const def = (schema as { _zod?: { def?: { type?: string; checks?: { _zod: { def: { check: string; value: number } } }[] } } })._zod?.def;
    if (def?.type !== 'number' || typeof fallback !== 'number') throw new Error(`Setting ${key} is not a plain number`);
    const value = (check: string) => def.checks?.find((c) => c._zod.def.check === check)?._zod.def.value;
    const min = value('greater_than');
    const max = value('less_than');
    if (min === undefined || max === undefined) throw new Error(`Setting ${key} has no bounds`);
    const step = value('multiple_of');
    out[key] = { default: fallback, min, max, ...(step !== undefined ? { step } : {}) };
  }
  return out;
}
