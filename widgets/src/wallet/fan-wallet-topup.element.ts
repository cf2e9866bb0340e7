import { defineElement } from '../kit/define-element.js';
import formCss from '../ui/form-controls.css?inline';
import css from './fan-wallet-topup.css?inline';
import { WalletTopup, type WalletTopupProps } from './wallet-topup.js';
import { FanToppedUpEvent } from './wallet-events.js';

export { FanToppedUpEvent, type FanToppedUpDetail } from './wallet-events.js';

/**
 * Wallet top-up for the signed-in fan: preset amounts or a free amount within the
 * platform's limits (messages at the edges before anything is sent), a discount coupon,
 * the payment method (PIX; cards when the platform has Stripe), then the PIX to pay:
 * QR code, copy-and-paste code and a status that turns to paid by itself. The balance
 * shown updates live. On a third-party page the platform confirms the top-up in its own
 * dialog first; signed out, the element offers to sign in.
 *
 * @tag fan-wallet-topup
 * @summary Top up the wallet by PIX, with coupon and live payment status.
 *
 * @attr {number} amount - The amount chosen at first, in BRL (e.g. `25`); any amount within the limits.
 * @attr {string} heading - Title above the form (default: the translated "Top up your wallet").
 * @attr {string} locale - Language (`pt-BR`, `en`, `es`); else the loader's `data-locale`, else the session's.
 * @attr {"dark" | "light"} data-theme - Theme; else the loader's `data-theme`, else the session's (dark).
 *
 * @prop {{ intervalMs?: number, lifetimeMs?: number }} polling - How often and how long the PIX's status is polled while the live channel is silent (default every 5 s for 10 minutes).
 *
 * @fires {FanToppedUpEvent} fan-topped-up - The top-up was paid and the wallet credited. `detail`: `{ transactionId, amount }` (amount credited, in BRL).
 * @fires {FanReadyEvent} fan-ready - The element rendered and responds to input. `detail.tag`: `"fan-wallet-topup"`.
 *
 * @csspart root - The themed box around everything.
 * @csspart wallet - The element's content.
 * @csspart heading - The title.
 * @csspart balance - The fan's balance, updated live.
 * @csspart loading - Shown while the platform's settings load.
 * @csspart form - The top-up form.
 * @csspart amount - The amount group (presets, free amount, limits, message).
 * @csspart presets - The row of preset amounts.
 * @csspart preset - A preset amount button (`aria-pressed` when chosen).
 * @csspart amount-input - The free amount input.
 * @csspart limits - The "From … to …" line.
 * @csspart amount-error - What is wrong with the amount (role alert).
 * @csspart coupon - The coupon group.
 * @csspart coupon-input - The coupon code input.
 * @csspart coupon-apply - The Apply button.
 * @csspart coupon-remove - The button that removes an applied coupon.
 * @csspart coupon-result - The discount of an applied coupon (role status).
 * @csspart coupon-error - Why a coupon was refused (role alert).
 * @csspart gateways - The payment method choice.
 * @csspart gateway - One payment method.
 * @csspart card-form - The card form's place (cards need Stripe.js).
 * @csspart submit - The pay button.
 * @csspart error - A failure message (role alert).
 * @csspart retry - Try again after a failure to load.
 * @csspart pix - The PIX to pay; `data-state` is `pending`, `paid`, `failed`, `expired` or `timeout`.
 * @csspart qr - The PIX QR code: an `<img>` of the SVG the server drew.
 * @csspart pix-code - The copy-and-paste code.
 * @csspart copy - The copy button; `data-state="copied"` after a copy.
 * @csspart copy-error - Shown when the browser refused to copy.
 * @csspart status - The payment status (role status).
 * @csspart check-again - Look again after the status stopped being polled.
 * @csspart sandbox - The test-environment note.
 * @csspart sandbox-link - The link to the PIX sandbox's payment page.
 * @csspart restart - Start another top-up.
 * @csspart sign-in - The signed-out prompt.
 * @csspart sign-in-button - Its sign-in button or link.
 *
 * @cssprop --fan-accent - Accent colour of buttons and focus rings (default #e8456b).
 * @cssprop --fan-radius - Corner radius (default 10px).
 * @cssprop --fan-font - Font family.
 * @cssprop --fan-bg - Background.
 * @cssprop --fan-fg - Text colour.
 * @cssprop --fan-muted - Secondary text colour.
 * @cssprop --fan-border - Border colour.
 * @cssprop --fan-input-bg - Input background.
 * @cssprop --fan-danger - Error text colour.
 * @cssprop --fan-success - Colour of the paid status (default #2fbf71).
 * @cssprop --fan-on-accent - Text on accent-coloured buttons.
 * @cssprop --fan-wallet-width - Maximum width (default 28rem).
 * @cssprop --fan-wallet-padding - Inner padding (default 1.25rem).
 * @cssprop --fan-wallet-gap - Space between rows (default 0.85rem).
 * @cssprop --fan-wallet-qr-size - Size of the QR code (default 13rem).
 */
export const FanWalletTopupElement = defineElement<WalletTopupProps, 'amount' | 'heading' | 'polling'>('fan-wallet-topup', WalletTopup, {
  attributes: { amount: 'number', heading: 'string' },
  properties: ['polling'],
  events: {
    onToppedUp: (detail) => new FanToppedUpEvent(detail),
  },
  styles: [formCss, css],
  namespaces: ['wallet'],
});

export const fanWalletTopupTag = 'fan-wallet-topup';

declare global {
  interface HTMLElementTagNameMap {
    'fan-wallet-topup': InstanceType<typeof FanWalletTopupElement>;
  }
}
