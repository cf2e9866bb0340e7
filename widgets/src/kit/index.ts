/**
 * The element kit: how a feature's React view becomes a `fan-*` custom element. The
 * widgets build puts it, with React, i18n and the session, into the shared
 * `/widgets/runtime.js` chunk that every element chunk imports.
 */
export { defineElement, kebabCase } from './define-element.js';
export type { AttributeType, ElementOptions, EventFactories, FanElement, FanElementConstructor, KitElement } from './define-element.js';
export { useElementScope, type ElementScope } from './element-frame.js';
export { embedConfig, setEmbedConfig, type EmbedConfig, type Theme } from './embed-config.js';
export { FanEvent, FanReadyEvent, type FanReadyDetail } from './events.js';
export { ensureElement, ensureFeature } from './lazy-features.js';
export { pageSession } from './page-session.js';
