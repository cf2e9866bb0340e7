import type { NavIconName } from './nav-places.js';

// Stroke outlines on a 24-unit grid, drawn for the tab bar; each is decoration beside its label.
const shapes: Record<NavIconName, string> = {
  home: 'M3 11 12 4l9 7M6 9.5V20h4.5v-5.5h3V20H18V9.5',
  discover: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm3.5 5.5-2 5-5 2 2-5 5-2Z',
  messages: 'M4 5h16v11H9l-5 4V5Z',
  notifications: 'M6 16V11a6 6 0 0 1 12 0v5l2 2H4l2-2Zm4 4h4',
  account: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-8 9a8 8 0 0 1 16 0',
  dashboard: 'M4 20V10m5.33 10V4m5.34 16v-7M20 20V7',
  studio: 'M4 20h4L19 9l-4-4L4 16v4Zm9-13 4 4',
  creators: 'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7Zm-6 9a6 6 0 0 1 12 0m1-9a3 3 0 1 0 0-6m2 15h3a5 5 0 0 0-4-5',
  live: 'M12 10.5a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3ZM8.5 8.5a5 5 0 0 0 0 7m7-7a5 5 0 0 1 0 7M5.6 5.6a9 9 0 0 0 0 12.8m12.8-12.8a9 9 0 0 1 0 12.8',
  earnings: 'M12 3v18m4-14.5c-1-1-2.3-1.5-4-1.5-2.2 0-4 1.2-4 3s1.8 2.6 4 3 4 1.2 4 3-1.8 3-4 3c-1.8 0-3.2-.6-4.2-1.6',
};

export function NavIcon({ name }: { name: NavIconName }) {
  return (
    <svg className="nav-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d={shapes[name]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
