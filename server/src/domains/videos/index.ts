/** The videos domain's door: what products use of it. */
// Reading a multipart upload form's fields
export { parseFields } from './video-form.js';
// How many published videos each creator has (the shared content totals)
export { publishedVideoCounts } from './videos.service.js';
