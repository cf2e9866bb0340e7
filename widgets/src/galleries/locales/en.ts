import type { TextsOf } from '../../i18n/index.js';
import type galleries from './pt-BR.js';

/** Galleries: English. */
export default {
  loading: 'Loading galleries…',
  empty: 'No galleries yet.',
  retry: 'Try again',
  count: 'Photos: {{count}}',
  lockedCover: 'Locked cover',
  back: 'Back to the galleries',
  unlocked: 'Unlocked',
  lockedText: 'Paid gallery: unlock it for {{price}} to see its {{count}} photos.',
  subscribersOnlyText: 'Subscribe to {{name}} to see the photos in this gallery.',
  loadingPhotos: 'Loading photos…',
  noPhotos: 'This gallery has no photos yet.',
  photoAlt: 'Photo {{index}} of {{count}}',
  lockedPhotoAlt: 'Locked photo',
  viewerOpen: 'Enlarge: {{name}}',
  viewerPosition: 'Photo {{index}} of {{count}}',
  viewerClose: 'Close the photo',
  viewerPrevious: 'Previous',
  viewerNext: 'Next',
} satisfies TextsOf<typeof galleries>;
