/**
 * The creator's own lists (posts, galleries, photos, videos) load and show their states
 * through the site's one list hook and view (components/remote-list.tsx).
 */
export { RemoteList as StudioList, useRemoteList as useStudioList, type Loaded } from '../../components/remote-list.js';
