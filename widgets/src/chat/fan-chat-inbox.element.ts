import { defineElement } from '../kit/define-element.js';
import formCss from '../ui/form-controls.css?inline';
import { FanMessageSentEvent } from './chat-events.js';
import css from './fan-chat-inbox.css?inline';
import { FanChatInbox, type FanChatInboxProps } from './fan-chat-inbox.js';

export { FanMessageSentEvent, type FanMessageSentDetail } from './chat-events.js';

/**
 * The signed-in fan's or creator's direct messages: the conversations with their unread
 * badges and the total unread, and the open conversation's thread, oldest first, with
 * earlier messages on demand. Messages arrive live; after a lost connection the element
 * says so, then reads what it missed. What the user writes shows at once, survives a
 * reload (kept on this device until the platform stored it) and is sent again after
 * network trouble without ever being stored twice. Photos, videos and audio go with a
 * progress bar; a creator may ask a price for the files, and the reader unlocks them from
 * the wallet after the platform's own confirm. Signed out, the element offers the
 * platform's sign-in; the live connection opens only once signed in.
 *
 * @tag fan-chat-inbox
 * @summary Direct messages: conversations, a live thread and a composer with files and paid messages.
 *
 * @attr {string} creator - Opens the conversation with this creator (username or id), starting it when there is none.
 * @attr {string} conversation - Opens this conversation (its id); wins over `creator`.
 * @attr {string} locale - Language (`pt-BR`, `en`, `es`); else the loader's `data-locale`, else the session's.
 * @attr {"dark" | "light"} data-theme - Theme; else the loader's `data-theme`, else the session's (dark).
 *
 * @fires {FanMessageSentEvent} fan-message-sent - The platform stored a message written here. `detail`: `{ conversationId, messageId, clientId }`.
 * @fires {FanReadyEvent} fan-ready - The element rendered and responds to input. `detail.tag`: `"fan-chat-inbox"`.
 *
 * @csspart root - The themed box around everything.
 * @csspart inbox - The inbox; `data-state` is `signed-out`, `list` or `thread`.
 * @csspart live-status - Shown while the live connection is reconnecting or failed (role status; `data-state`).
 * @csspart list - The conversations column.
 * @csspart heading - Its title.
 * @csspart total - The total of unread messages.
 * @csspart conversations - The list of conversations.
 * @csspart conversation - One conversation (a button; `data-unread`, `aria-current` when open).
 * @csspart avatar - The other person's photo.
 * @csspart name - Their name.
 * @csspart last - The last message.
 * @csspart time - When (in a conversation and a message).
 * @csspart badge - A conversation's unread count.
 * @csspart more - Loads more conversations.
 * @csspart empty - No conversations, or no messages in the thread.
 * @csspart loading - Shown while something loads.
 * @csspart error - A failure message (role alert).
 * @csspart retry - Try loading again.
 * @csspart choose - Shown while no conversation is open.
 * @csspart thread-pane - The column of the open thread.
 * @csspart thread - The open conversation.
 * @csspart back - Back to the conversations (narrow layouts).
 * @csspart thread-name - Who the conversation is with.
 * @csspart older - Loads earlier messages.
 * @csspart messages - The messages, oldest first.
 * @csspart message - One message; `data-state` is `sent`, `locked`, `deleted`, `pending`, `waiting` or `failed`; `data-mine` on one's own.
 * @csspart text - A message's text.
 * @csspart files - A message's files.
 * @csspart photo - A photo.
 * @csspart audio - An audio player.
 * @csspart unlock - A locked paid message's box.
 * @csspart unlock-button - Its unlock button (the platform confirms the price first).
 * @csspart video - A video (its poster and play button, then the player).
 * @csspart price - What one's own paid message costs.
 * @csspart delete - Deletes one's own message.
 * @csspart deleted - What a deleted message says.
 * @csspart status - A message being sent or waiting for the network.
 * @csspart retry-send - Sends a refused message again.
 * @csspart discard - Gives a refused message up.
 * @csspart blocked - Shown instead of the composer where the user may not write.
 * @csspart composer - The message form.
 * @csspart input - The message text.
 * @csspart attach - Chooses files to attach.
 * @csspart attachments - The files of the draft.
 * @csspart attachment - One file of the draft; `data-state` is `uploading`, `done` or `failed`.
 * @csspart progress - An upload's progress bar.
 * @csspart remove-file - Cancels an upload or takes a file out.
 * @csspart price-input - Creators: the price that locks the files.
 * @csspart send - The send button.
 * @csspart sign-in - The signed-out prompt.
 * @csspart sign-in-button - Its sign-in button or link.
 *
 * @cssprop --fan-accent - Accent colour of buttons, badges and one's own messages (default #e8456b).
 * @cssprop --fan-radius - Corner radius (default 10px).
 * @cssprop --fan-font - Font family.
 * @cssprop --fan-bg - Background.
 * @cssprop --fan-fg - Text colour.
 * @cssprop --fan-muted - Secondary text colour.
 * @cssprop --fan-border - Border colour.
 * @cssprop --fan-input-bg - Input background and the other side's messages.
 * @cssprop --fan-danger - Error text colour.
 * @cssprop --fan-on-accent - Text on accent-coloured parts.
 * @cssprop --fan-chat-height - The inbox's height (default 36rem).
 * @cssprop --fan-chat-list-width - The conversations column's width (default 18rem).
 */
export const FanChatInboxElement = defineElement<FanChatInboxProps, 'creator' | 'conversation'>('fan-chat-inbox', FanChatInbox, {
  attributes: { creator: 'string', conversation: 'string' },
  events: {
    onMessageSent: (detail) => new FanMessageSentEvent(detail),
  },
  styles: [formCss, css],
  namespaces: ['chat'],
});

export const fanChatInboxTag = 'fan-chat-inbox';

declare global {
  interface HTMLElementTagNameMap {
    'fan-chat-inbox': InstanceType<typeof FanChatInboxElement>;
  }
}
