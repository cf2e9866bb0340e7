import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBundle } from '../../testing/server-bundle.js';
import { ensureEmbedBuilt, ensureHostBuilt } from './embed-build.js';
import { ensureBridgeBuild } from './third-party-site.js';

/**
 * Every build the end-to-end files need: the server bundle, the widget chunks with the
 * bridge pages, the loader and the host site, each only when missing or older than its
 * sources. `npm test` runs this once before its end-to-end shards start (two shards
 * building at once would empty widgets/dist under each other's feet); each shard's global
 * setup runs it again and finds everything fresh.
 */
export function prepareBuilds(): void {
  ensureServerBundle();
  ensureEmbedBuilt();
  ensureBridgeBuild();
  ensureHostBuilt();
}

// `npx tsx test/support/prepare-builds.ts`: what scripts/run-suites.mjs runs.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) prepareBuilds();
