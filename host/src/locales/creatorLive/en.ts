import type { TextsOf } from '@fandeck/widgets/i18n';
import type creatorLive from './pt-BR.js';

/** Host site: the creator's go-live page: English. */
export default {
  title: 'Go live',
  intro: 'Choose the camera and microphone, give it a title and go live. Your fans watch on your profile and your sites.',
  preview: 'Camera preview',
  camera: 'Camera',
  microphone: 'Microphone',
  defaultDevice: 'Browser default',
  deviceLabel: 'Device {{number}}',
  cameraDenied: 'The browser did not allow the camera or microphone. Allow access in the site settings and try again.',
  cameraMissing: 'No camera found on this device.',
  cameraRetry: 'Try again',
  unsupported: 'This browser cannot record video for streaming. Use a recent Chrome, Edge or Firefox.',
  streamTitle: 'Title',
  streamDescription: 'Description',
  subscribersOnly: 'Subscribers only',
  goLive: 'Go live',
  starting: 'Going live…',
  end: 'End stream',
  ending: 'Ending…',
  ended: 'Stream ended.',
  live: 'Live',
  stats: {
    title: 'Stream',
    elapsed: 'On air',
    sent: 'Sent',
    viewers: 'Watching',
    connection: 'Connection',
  },
  socket: {
    idle: 'Stopped',
    connecting: 'Connecting…',
    open: 'Sending',
    reconnecting: 'Reconnecting…',
    closed: 'Closed',
    failed: 'Failed',
  },
  ingestFailed: 'The video upload connection dropped and did not come back. End the stream and go live again.',
  chatWaiting: 'The chat shows up once you are live.',
} satisfies TextsOf<typeof creatorLive>;
