import { defineElement } from '../kit/define-element.js';
import formCss from '../ui/form-controls.css?inline';
import css from './fan-creator-dashboard.css?inline';
import { FanCreatorDashboard, type FanCreatorDashboardProps } from './fan-creator-dashboard.js';
import { FanPayoutRequestedEvent } from './dashboard-events.js';

export { FanPayoutRequestedEvent, type FanPayoutRequestedDetail } from './dashboard-events.js';

/**
 * The signed-in creator's dashboard: earnings totals (earned, available, in payout, paid
 * out, gross, commission), earnings over time as a bar chart by day, week or month (its
 * summary is the chart's label, and a table holds every figure), the newest subscribers
 * with when each renews or ends, what earned most, and the payout balance with the
 * request form and the open request. Sales and new subscribers refresh it live. On a
 * third-party page it works only on the creator's own sites (the origins they listed);
 * signed out it offers the platform's sign-in, and a fan's account sees a plain sentence.
 *
 * Staff (a manager holding the `earning.all` permission, an admin) read the creator named
 * by `creator`, read-only: the same figures, the payout balances instead of the request form
 * (payouts are the creator's to request), and no live refresh. Staff without `creator` are
 * asked to choose one; staff without the permission are told so. Staff use the platform's
 * own site: a third-party page is the creator's, and the platform refuses staff there.
 *
 * @tag fan-creator-dashboard
 * @summary A creator's earnings, subscribers and payouts, live.
 *
 * @attr {string} creator - Staff only: the creator whose dashboard to read, by id or username. A creator's account ignores it and sees their own.
 * @attr {string} locale - Language (`pt-BR`, `en`, `es`); else the loader's `data-locale`, else the session's.
 * @attr {"dark" | "light"} data-theme - Theme; else the loader's `data-theme`, else the session's (dark).
 *
 * @fires {FanPayoutRequestedEvent} fan-payout-requested - A payout was requested here. `detail`: `{ requestId, amount }` (amount in BRL).
 * @fires {FanReadyEvent} fan-ready - The element rendered and responds to input. `detail.tag`: `"fan-creator-dashboard"`.
 *
 * @csspart root - The themed box around everything.
 * @csspart dashboard - The dashboard; `data-state` is `signed-out`, `loading`, `fan`, `creator`, `staff` (reading a named creator) or `choose` (staff who named none).
 * @csspart heading - The dashboard's title; for staff it names the creator.
 * @csspart not-creator - What a fan's account sees instead of the dashboard.
 * @csspart choose-creator - What staff see without a `creator`.
 * @csspart loading - Shown while the account or a section loads.
 * @csspart error - A section's failure message (role alert); `data-problem="no-permission"` when staff lack the permission.
 * @csspart retry - Load the section again.
 * @csspart stats - The totals section.
 * @csspart stat - One total; `data-stat` is `net`, `available`, `pending`, `paid`, `gross` or `commission`.
 * @csspart chart - The earnings-over-time section.
 * @csspart intervals - The day, week and month switch.
 * @csspart interval - One interval (`aria-pressed` when chosen).
 * @csspart chart-svg - The bar chart (SVG, labelled by the summary).
 * @csspart bar - One bar.
 * @csspart summary - The chart's summary in words.
 * @csspart table - The disclosure with the chart's figures as a table.
 * @csspart subscribers - The subscribers section.
 * @csspart subscribers-total - How many subscribers in all.
 * @csspart subscriber - One subscriber; `data-state` is `renews`, `cancelled`, `grace`, `active` or `ended`.
 * @csspart renewal - When a subscriber renews or ends.
 * @csspart top-content - The section of what earned most.
 * @csspart top-item - One item of it.
 * @csspart empty - A section with nothing to show yet.
 * @csspart payout - The payout section.
 * @csspart available - What may be requested now.
 * @csspart minimum - The minimum payout.
 * @csspart below-minimum - Shown instead of the form while less than the minimum is available.
 * @csspart pending - The open payout request; `data-state` is its status.
 * @csspart form - The payout request form.
 * @csspart amount - The amount group; inside it `presets`, `preset`, `amount-input`, `limits`, `amount-error` as in `<fan-wallet-topup>`.
 * @csspart method - The payout method select.
 * @csspart note - The note textarea.
 * @csspart submit - The request button.
 * @csspart sent - Shown after a request (role status).
 * @csspart balances - Staff only, instead of the form: the creator's payout balances.
 * @csspart balance - One balance; `data-stat` is `available`, `pending` or `paid`.
 * @csspart payout-by-creator - Staff only: the line saying payouts are requested by the creator.
 * @csspart sign-in - The signed-out prompt.
 * @csspart sign-in-button - Its sign-in button or link.
 *
 * @cssprop --fan-accent - Accent colour of buttons, bars and focus rings (default #e8456b).
 * @cssprop --fan-radius - Corner radius (default 10px).
 * @cssprop --fan-font - Font family.
 * @cssprop --fan-bg - Background.
 * @cssprop --fan-fg - Text colour.
 * @cssprop --fan-muted - Secondary text colour.
 * @cssprop --fan-border - Border colour.
 * @cssprop --fan-input-bg - Input background.
 * @cssprop --fan-danger - Error text colour.
 * @cssprop --fan-success - Colour of the request-sent line (default #2fbf71).
 * @cssprop --fan-on-accent - Text on accent-coloured buttons.
 * @cssprop --fan-dashboard-width - Maximum width (default 56rem).
 * @cssprop --fan-dashboard-padding - Inner padding (default 1.25rem).
 * @cssprop --fan-dashboard-chart-height - Height of the chart (default 10rem).
 */
export const FanCreatorDashboardElement = defineElement<FanCreatorDashboardProps, 'creator'>('fan-creator-dashboard', FanCreatorDashboard, {
  attributes: { creator: 'string' },
  events: {
    onPayoutRequested: (detail) => new FanPayoutRequestedEvent(detail),
  },
  styles: [formCss, css],
  namespaces: ['dashboard'],
});

export const fanCreatorDashboardTag = 'fan-creator-dashboard';

declare global {
  interface HTMLElementTagNameMap {
    'fan-creator-dashboard': InstanceType<typeof FanCreatorDashboardElement>;
  }
}
