/** The messaging domain's door: what other domains (outreach, streaming) use of it. */
// The extension point's types (`deps.get('messaging')`)
export type { DirectMessageInput, MessagingExtension } from './messaging.extension.js';
// Conversations: one by its party, a stream's chat
export { conversationFor } from './messaging.queries.js';
export { streamOfPerformer } from './stream-chat.js';
// Wire schemas others answer with or accept
export { conversationSchema, idParams, messageUploadSchema } from './messaging.schemas.js';
