/** The settings domain's door: reading the platform's settings. */
// Reading settings, one or many, and their numeric rules
export { numericSettingRules, readSetting, readSettings, settingsJson, settingValues } from './settings.service.js';
// The settings' names and value types
export { SETTING_KEYS, type SettingKey, type SettingValues } from './settings.catalogue.js';
// Writing the defaults of unset settings, at boot
export { ensureDefaultSettings } from './settings.service.js';
