import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, whatever directory the tests were started from. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const hostDist = path.join(repoRoot, 'host/dist');
