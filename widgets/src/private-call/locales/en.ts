import type { TextsOf } from '../../i18n/index.js';
import type privateCall from './pt-BR.js';

/** Private calls: the call room (fan and creator), in English. */
export default {
  title: 'Private call with {{name}}',
  loading: 'Loading the call…',
  minutes: '{{count}} min',
  remaining: '{{time}} left',
  overtime: 'The agreed time is over',
  join: 'Join the call',
  rejoin: 'Join again',
  hangUp: 'Leave the call',
  joinToSee: 'Join the call to see {{name}}.',
  end: 'End the call',
  ending: 'Ending…',
  micOff: 'Turn the microphone off',
  micOn: 'Turn the microphone on',
  cameraOff: 'Turn the camera off',
  cameraOn: 'Turn the camera on',
  you: 'You',
  remoteLabel: "{{name}}'s video",
  localLabel: 'Your camera',
  waiting: 'Waiting for {{name}} to join…',
  paused: "{{name}}'s camera is off or their connection dropped.",
  camera: {
    asking: 'Asking for the camera and microphone…',
    denied: 'No permission for the camera and microphone. You can join to watch and listen only, or allow access in the browser.',
    unavailable: 'No camera or microphone found. You can join to watch and listen only.',
    retry: 'Try the camera again',
  },
  status: {
    lobby: 'All set. The call goes only through the platform’s servers: nobody sees your address.',
    connecting: 'Connecting…',
    inCall: 'In the call',
    reconnecting: 'The connection dropped. Reconnecting (attempt {{attempt}})…',
    ended: 'The call has ended.',
    left: 'You left the call.',
    elsewhere: 'You joined this call in another tab or device.',
    failed: 'Could not connect to the call.',
    network: 'No answer from the call server.',
  },
  back: 'Back to private calls',
} satisfies TextsOf<typeof privateCall>;
