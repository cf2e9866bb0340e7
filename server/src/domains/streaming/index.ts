/** The streaming domain's door: what private calls use of it. */
// A stream as clients see it, and the answer to joining one
export { joinSchema, presentStream, streamSchema, type StreamRow } from './streaming.presenter.js';
