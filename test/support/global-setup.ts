import { ensureEmbedBuilt, ensureHostBuilt } from './embed-build.js';
import { ensureBridgeBuild } from './third-party-site.js';

/**
 * Every build the end-to-end files need happens here, once, before any file runs: a
 * build started inside a test file would empty widgets/dist under another file's feet.
 * The widget chunks, bridge pages, loader and host site are built when missing or older
 * than their sources, so no file runs against a stale build.
 */
export default function setup(): void {
  ensureEmbedBuilt();
  ensureBridgeBuild();
  ensureHostBuilt();
}
