// Copies the placeholder loader to dist/embed.js until the real loader build replaces it.
import { copyFile, mkdir } from 'node:fs/promises';

const dist = new URL('./dist/', import.meta.url);
await mkdir(dist, { recursive: true });
await copyFile(new URL('./src/embed.js', import.meta.url), new URL('embed.js', dist));
console.log('loader: dist/embed.js');
