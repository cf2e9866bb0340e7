import { defineElement } from '../kit/define-element.js';
import formCss from '../ui/form-controls.css?inline';
import css from './fan-live-player.css?inline';
import { FanLivePlayer, type FanLivePlayerProps } from './fan-live-player.js';

/**
 * A creator's live stream. Offline it says so with the creator's name, and changes by
 * itself when the stream starts. A stream for subscribers only offers to subscribe; one
 * that needs a signed-in viewer offers the platform's sign-in. Either plays by itself once
 * the viewer may watch (signed in, or subscribed: a `fan-subscribed` on the page, else
 * within 30 s), and notices when the stream ends or is opened to everyone. Live: the video (the HLS
 * player is fetched on play, tuned for low latency; on a third-party page every segment
 * comes through the platform's bridge), how many watch, the stream chat (live, each
 * message once), a tip and gifts from the platform's catalogue to the creator after the
 * platform's own confirm, and every tip and gift paid in the stream as a line of the chat,
 * for everyone. On a narrow page the chat sits below the video, its input at the bottom. A lost
 * connection is said in a banner, and the stream is read again when it is back. When the
 * creator ends the stream (or staff do), it says so.
 *
 * @tag fan-live-player
 * @summary A creator's live stream: the video, the viewer count, the stream chat, tips and gifts.
 *
 * @attr {string} creator - The creator (username or id) whose live stream to show.
 * @attr {string} locale - Language (`pt-BR`, `en`, `es`); else the loader's `data-locale`, else the session's.
 * @attr {"dark" | "light"} data-theme - Theme; else the loader's `data-theme`, else the session's (dark).
 *
 * @fires {FanReadyEvent} fan-ready - The element rendered and responds to input. `detail.tag`: `"fan-live-player"`.
 *
 * @csspart root - The themed box around everything.
 * @csspart player - The player; `data-state` is `loading`, `offline`, `not-entitled`, `live`, `ended` or `failed`.
 * @csspart live-status - Shown while the live connection is reconnecting or failed (role status; `data-state`).
 * @csspart loading - Shown while the stream loads.
 * @csspart offline - The offline box.
 * @csspart ended - The box shown once the stream ended.
 * @csspart status - The headline of the offline or ended box.
 * @csspart not-entitled - The box for a viewer who may not watch (`data-reason`: `subscribers_only` or `sign_in`).
 * @csspart subscribers-only - The subscribers-only hint.
 * @csspart subscribe - Its subscribe action.
 * @csspart live-badge - The "Live" badge.
 * @csspart title - The stream's title.
 * @csspart description - The stream's description.
 * @csspart viewers - How many watch.
 * @csspart video - The video (before play: the box with the play button).
 * @csspart play - The play button.
 * @csspart play-status - Shown while the video connects.
 * @csspart chat - The stream chat.
 * @csspart chat-title - Its title.
 * @csspart messages - The chat's messages, oldest first.
 * @csspart message - One message; `data-state` is `sent`, `sending` or `failed`; `data-mine` on one's own.
 * @csspart author - Who wrote it.
 * @csspart text - What they wrote.
 * @csspart retry-send - Sends a refused message again.
 * @csspart empty - No message yet.
 * @csspart composer - The chat's form.
 * @csspart input - The message text.
 * @csspart send - The send button.
 * @csspart tip-open - Opens the tip form.
 * @csspart tip - The tip form (`data-state` is `idle`, `sending`, `sent`, `declined` or `failed`).
 * @csspart tip-sent - The thanks after a tip.
 * @csspart tip-notice - A declined confirm.
 * @csspart tip-close - Closes the tip form.
 * @csspart actions - The tip and gift buttons under the video (signed in).
 * @csspart gift-open - Opens the gift picker.
 * @csspart gifts - The gift picker (`data-state` is `idle`, `sending`, `sent`, `declined` or `failed`).
 * @csspart gift - One gift of the catalogue (`data-gift-id`); a tap sends it after the confirm.
 * @csspart gift-emoji - Its emoji or image.
 * @csspart gift-name - Its name.
 * @csspart gift-price - Its price.
 * @csspart gift-sent - The thanks after a gift.
 * @csspart gift-notice - A declined confirm.
 * @csspart gift-again - Back to the picker after a gift.
 * @csspart gift-close - Closes the picker.
 * @csspart gifts-loading - Shown while the catalogue loads.
 * @csspart gifts-empty - No gift to send.
 * @csspart support - A tip or gift paid in the stream, as a chat line (`data-kind` is `tip` or `gift`).
 * @csspart support-icon - Its emoji or image.
 * @csspart support-text - Who sent what, and for how much.
 * @csspart retry - Try loading again.
 * @csspart error - A failure message (role alert).
 * @csspart sign-in - The signed-out prompt.
 * @csspart sign-in-button - Its sign-in button or link.
 *
 * @cssprop --fan-accent - Accent colour of buttons and the live badge (default #e8456b).
 * @cssprop --fan-radius - Corner radius (default 10px).
 * @cssprop --fan-font - Font family.
 * @cssprop --fan-bg - Background.
 * @cssprop --fan-fg - Text colour.
 * @cssprop --fan-muted - Secondary text colour.
 * @cssprop --fan-border - Border colour.
 * @cssprop --fan-input-bg - Input background.
 * @cssprop --fan-danger - Error text colour.
 * @cssprop --fan-on-accent - Text on accent-coloured parts.
 * @cssprop --fan-live-chat-width - The chat column's width beside the video (default 20rem).
 * @cssprop --fan-live-height - The video's and chat's height (default 28rem).
 * @cssprop --fan-live-phone-height - On a narrow page, the height the video and the chat share, the chat filling what the video leaves (default: their own height).
 */
export const FanLivePlayerElement = defineElement<FanLivePlayerProps, 'creator'>('fan-live-player', FanLivePlayer, {
  attributes: { creator: 'string' },
  styles: [formCss, css],
  namespaces: ['live-player'],
});

export const fanLivePlayerTag = 'fan-live-player';

declare global {
  interface HTMLElementTagNameMap {
    'fan-live-player': InstanceType<typeof FanLivePlayerElement>;
  }
}
