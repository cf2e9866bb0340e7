/**
 * Every embeddable element: which module defines it (built to `dist/<tag>.js` and served
 * at `/widgets/<tag>.js`) and the box its placeholder paints before that chunk arrives.
 * The widgets build takes its entries from here and the loader bakes the boxes in, so a
 * new feature is one line in each map.
 */
export const elementSources = {
  'fan-login': 'src/login/fan-login.element.ts',
  'fan-wallet-topup': 'src/wallet/fan-wallet-topup.element.ts',
  'fan-tip-button': 'src/tip/fan-tip-button.element.ts',
  'fan-subscribe': 'src/subscribe/fan-subscribe.element.ts',
  'fan-creator-dashboard': 'src/dashboard/fan-creator-dashboard.element.ts',
  'fan-chat-inbox': 'src/chat/fan-chat-inbox.element.ts',
  'fan-live-player': 'src/live-player/fan-live-player.element.ts',
} as const satisfies Record<`fan-${string}`, string>;

export type ElementTag = keyof typeof elementSources;

/** The placeholder's size, close to the real element's so nothing jumps when it upgrades. */
export interface PlaceholderBox {
  /** Height in CSS pixels. */
  height: number;
  /** Inline elements (buttons) paint an inline-block placeholder of this width. */
  inlineWidth?: number;
}

export const placeholderBoxes: Record<ElementTag, PlaceholderBox> = {
  'fan-login': { height: 380 },
  'fan-wallet-topup': { height: 520 },
  'fan-tip-button': { height: 42, inlineWidth: 170 },
  'fan-subscribe': { height: 190 },
  'fan-creator-dashboard': { height: 640 },
  'fan-chat-inbox': { height: 576 },
  'fan-live-player': { height: 480 },
};

/** The shared runtime chunk (React, session, i18n, element kit), loaded once per page. */
export const runtimeChunk = 'runtime.js';

/** The file an element's chunk is served as, relative to `/widgets/`. */
export function chunkFile(tag: ElementTag): string {
  return `${tag}.js`;
}
