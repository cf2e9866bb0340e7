/** The streaming domain's door: what private calls and live gifts use of it. */
// A stream as clients see it, and the answer to joining one
export { joinSchema, presentStream, streamSchema, type StreamRow } from './streaming.presenter.js';
// A stream by its id or its chat, who may watch it, and its room (live gifts and tips are shown there)
export { findStream, mayWatch, openStreamOfConversation, streamRoom } from './streaming.service.js';
