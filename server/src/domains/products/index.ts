/** The products domain's door: what the shared content totals use of it. */
// How many active products each creator has
export { activeProductCounts } from './products.service.js';
