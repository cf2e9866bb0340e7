/** The private-streams domain's door: what streaming uses of it. */
// Who may join a call's room
export { callAccess } from './sfu/sfu-signaling.js';
