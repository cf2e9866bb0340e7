import { defineElement } from '../kit/define-element.js';
import formCss from '../ui/form-controls.css?inline';
import css from './fan-tip-button.css?inline';
import { FanTipButton, type FanTipButtonProps } from './fan-tip-button.js';
import { FanTipSentEvent } from './tip-events.js';

export { FanTipSentEvent, type FanTipSentDetail } from './tip-events.js';

/**
 * A tip button for a creator. It opens a small panel: preset amounts or a free amount
 * within the platform's limits (messages at the edges), an optional message of up to
 * 1000 characters (the contract's `LIMITS.tip.messageMax`, which the server enforces) and
 * the fan's balance, updated live. The platform confirms the tip
 * (on a third-party page in the bridge's own dialog, which the page cannot fake) before
 * the wallet is charged, with an Idempotency-Key so a retry never charges twice. When
 * the balance is short the wallet top-up opens inline, then the same tip comes back.
 * Signed out, the panel offers the platform's sign-in.
 *
 * @tag fan-tip-button
 * @summary Tip a creator from the wallet, topping it up inline when short.
 *
 * @attr {string} creator - The creator to tip: their username (`ana.lima`) or id. Required.
 * @attr {number} amount - The amount chosen at first, in BRL (default: the minimum tip).
 * @attr {string} label - The button's text (default: the translated "Send a tip").
 * @attr {string} locale - Language (`pt-BR`, `en`, `es`); else the loader's `data-locale`, else the session's.
 * @attr {"dark" | "light"} data-theme - Theme; else the loader's `data-theme`, else the session's (dark).
 *
 * @fires {FanTipSentEvent} fan-tip-sent - A tip made here was charged. `detail`: `{ chargeId, creatorId, amount }` (amount in BRL).
 * @fires {FanReadyEvent} fan-ready - The element rendered and responds to input. `detail.tag`: `"fan-tip-button"`.
 *
 * @csspart root - The themed box around the button and its panel.
 * @csspart button - The tip button (`aria-expanded` while the panel is open).
 * @csspart panel - The panel under the button (role dialog).
 * @csspart heading - The panel's title.
 * @csspart close - The panel's close button.
 * @csspart loading - Shown while the creator loads.
 * @csspart error - A failure message (role alert).
 * @csspart retry - Try loading the creator again.
 * @csspart balance - The fan's balance, updated live.
 * @csspart form - The tip form.
 * @csspart amount - The amount group; inside it `presets`, `preset`, `amount-input`, `limits`, `amount-error` as in `<fan-wallet-topup>`.
 * @csspart message - The message textarea.
 * @csspart message-count - The characters-used counter.
 * @csspart message-error - Shown when the message is too long.
 * @csspart notice - "Tip cancelled" or "Balance updated" (role status).
 * @csspart submit - The send button.
 * @csspart short - The short-balance message (role alert).
 * @csspart topup - The box around the inline `<fan-wallet-topup>`; its parts come through as `topup-<part>` (`topup-amount-input`, `topup-pix-code`, `topup-status`, …).
 * @csspart back - Back from the top-up to the tip.
 * @csspart sent - The thank-you line after a tip (role status).
 * @csspart again - Send another tip.
 * @csspart sign-in - The signed-out prompt.
 * @csspart sign-in-button - Its sign-in button or link.
 *
 * @cssprop --fan-accent - Accent colour of buttons and focus rings (default #e8456b).
 * @cssprop --fan-radius - Corner radius (default 10px).
 * @cssprop --fan-font - Font family.
 * @cssprop --fan-bg - Background of the panel.
 * @cssprop --fan-fg - Text colour.
 * @cssprop --fan-muted - Secondary text colour.
 * @cssprop --fan-border - Border colour.
 * @cssprop --fan-input-bg - Input background.
 * @cssprop --fan-danger - Error text colour.
 * @cssprop --fan-success - Colour of paid and sent messages (default #2fbf71).
 * @cssprop --fan-on-accent - Text on accent-coloured buttons.
 * @cssprop --fan-tip-panel-width - Width of the panel (default 24rem).
 * @cssprop --fan-tip-z-index - Stacking of the panel over the page (default 1000).
 */
export const FanTipButtonElement = defineElement<FanTipButtonProps, 'creator' | 'amount' | 'label' | 'polling'>('fan-tip-button', FanTipButton, {
  attributes: { creator: 'string', amount: 'number', label: 'string' },
  events: {
    onTipSent: (detail) => new FanTipSentEvent(detail),
  },
  properties: ['polling'],
  styles: [formCss, css],
  namespaces: ['tip'],
});

export const fanTipButtonTag = 'fan-tip-button';

declare global {
  interface HTMLElementTagNameMap {
    'fan-tip-button': InstanceType<typeof FanTipButtonElement>;
  }
}
