/** The creator's settings, one section each at /creator/account/<section>, in the order the list shows them. */
export const SETTINGS_SECTIONS = ['account', 'profile', 'prices', 'calls', 'messages', 'blocks', 'payouts', 'embeds', 'documents'] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

export const isSettingsSection = (value: string | undefined): value is SettingsSection => (SETTINGS_SECTIONS as readonly (string | undefined)[]).includes(value);

/** A section's address. */
export const sectionPath = (section: SettingsSection) => `/creator/account/${section}`;
