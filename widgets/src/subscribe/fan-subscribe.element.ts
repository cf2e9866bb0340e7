import { defineElement } from '../kit/define-element.js';
import formCss from '../ui/form-controls.css?inline';
import css from './fan-subscribe.css?inline';
import { FanSubscribe, type FanSubscribeProps } from './fan-subscribe.js';
import { FanSubscribedEvent } from './subscribe-events.js';

export { FanSubscribedEvent, type FanSubscribedDetail } from './subscribe-events.js';

/**
 * A creator's subscribe card: their name and photo, their plans with prices (monthly,
 * 3, 6 and 12 months) and their free offer while the fan has not used it. Subscribing
 * opens the plan choice; the platform confirms the plan's price (on a third-party page in
 * the bridge's own dialog, which the page cannot fake) before the wallet is charged, with
 * an Idempotency-Key so a retry never charges twice. When the balance is short the wallet
 * top-up opens inline, then the same plan comes back. A subscribed fan sees their
 * subscription instead: renewing on a date (with cancel), cancelled with access to a date
 * (with resume), or a renewal waiting for balance. Signed out, the element offers the
 * platform's sign-in.
 *
 * @tag fan-subscribe
 * @summary Subscribe to a creator from the wallet; see, cancel or resume the subscription.
 *
 * @attr {string} creator - The creator: their username (`ana.lima`) or id. Required.
 * @attr {string} locale - Language (`pt-BR`, `en`, `es`); else the loader's `data-locale`, else the session's.
 * @attr {"dark" | "light"} data-theme - Theme; else the loader's `data-theme`, else the session's (dark).
 *
 * @fires {FanSubscribedEvent} fan-subscribed - The fan subscribed here. `detail`: `{ performerId, subscriptionType, expiredAt }`; the creator's subscriber-only content may now be loaded again.
 * @fires {FanReadyEvent} fan-ready - The element rendered and responds to input. `detail.tag`: `"fan-subscribe"`.
 *
 * @csspart root - The themed box around everything.
 * @csspart card - The card inside it; `data-state` is `offer`, `renews`, `cancelled`, `grace` or `active`.
 * @csspart creator - The creator's photo and name.
 * @csspart avatar - The creator's photo.
 * @csspart name - The creator's name.
 * @csspart loading - Shown while the creator or the subscription loads.
 * @csspart error - A failure message (role alert).
 * @csspart retry - Try loading again.
 * @csspart price - "From …": the lowest plan price.
 * @csspart free - The free offer and its length.
 * @csspart empty - Shown when the creator offers no plan.
 * @csspart button - The subscribe button that opens the plan choice.
 * @csspart panel - The plan choice (role dialog; `data-state` is the step).
 * @csspart heading - The plan choice's title.
 * @csspart close - Closes the plan choice.
 * @csspart balance - The fan's balance, updated live.
 * @csspart form - The plan form.
 * @csspart plans - The group of plans.
 * @csspart plan - One plan (a radio and its label; `data-plan` is its type).
 * @csspart plan-price - A plan's price.
 * @csspart notice - "Not confirmed" or "Balance updated" (role status).
 * @csspart submit - The subscribe button of the plan form.
 * @csspart short - The short-balance message (role alert).
 * @csspart topup - The box around the inline `<fan-wallet-topup>`; its parts come through as `topup-<part>`.
 * @csspart back - Back from the top-up to the plans.
 * @csspart done - The thank-you line after subscribing (role status).
 * @csspart status - The subscription as it stands (role status); `data-state` is `renews`, `cancelled`, `grace` or `active`.
 * @csspart cancel - Cancel the subscription (access lasts to the end of the period).
 * @csspart resume - Resume a cancelled subscription.
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
 * @cssprop --fan-success - Colour of the active subscription and thank-you lines (default #2fbf71).
 * @cssprop --fan-on-accent - Text on accent-coloured buttons.
 * @cssprop --fan-subscribe-width - Maximum width (default 26rem).
 * @cssprop --fan-subscribe-padding - Inner padding (default 1.25rem).
 * @cssprop --fan-subscribe-avatar-size - Avatar diameter (default 3rem).
 */
export const FanSubscribeElement = defineElement<FanSubscribeProps, 'creator' | 'polling'>('fan-subscribe', FanSubscribe, {
  attributes: { creator: 'string' },
  events: {
    onSubscribed: (detail) => new FanSubscribedEvent(detail),
  },
  properties: ['polling'],
  styles: [formCss, css],
  namespaces: ['subscribe'],
});

export const fanSubscribeTag = 'fan-subscribe';

declare global {
  interface HTMLElementTagNameMap {
    'fan-subscribe': InstanceType<typeof FanSubscribeElement>;
  }
}
