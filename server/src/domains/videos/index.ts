/** The videos domain's door: what products use of it. */
// Reading a multipart upload form's fields
export { parseFields } from './video-form.js';
