/** The galleries domain's door: what the shared content totals use of it. */
// How many published photos each creator has
export { countPublishedPhotos } from './photos.service.js';
