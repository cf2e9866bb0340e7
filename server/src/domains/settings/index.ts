/** The settings domain's door: reading the platform's settings. */
// Reading settings, one or many, and their numeric rules
export { numericSettingRules, readSetting, readSettings, settingsJson, settingValues } from './settings.service.js';
// The settings' names and value types
export type { SettingKey, SettingValues } from './settings.catalogue.js';
