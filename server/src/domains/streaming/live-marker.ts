/**
 * Which ingest writes a live stream's HLS now, on disk where every process of the deployment
 * sees it (they share `DATA_DIR`, as local uploads already need): `DATA_DIR/live/{streamId}/current`
 * holds the ingest's id. The ingest's process writes it once ffmpeg runs (a temporary file
 * renamed over it, so a reader never sees half an id) and removes it when the ingest ends; a
 * process holding no ingest of the stream serves `DATA_DIR/live/{streamId}/{ingestId}/` through it.
 */
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isId } from '../../db/schema/ids.js';
import { PLAYLIST_NAME } from './hls-links.js';

export const MARKER_NAME = 'current';
/**
 * ffmpeg rewrites the playlist every second while media comes in. A marker whose playlist has
 * not changed for this long was left by a process that died mid-stream (its row still says
 * broadcasting): another process does not serve it.
 */
export const MARKER_STALE_MS = 30_000;

/**
 * A process serving another's ingest follows a checked marker this long before it checks
 * again: a viewer fetches a segment or two a second, each would otherwise cost a file read, a
 * stat and a database read. An ended stream's segments stay served at most this long there;
 * its playlist (the row is read for every one) stops at once.
 */
export const SHARED_DIR_TTL_MS = 1000;

export const liveRootOf = (dataDir: string) => path.join(dataDir, 'live');

/** Names `ingestId` as the stream's current ingest (its folder already exists). */
export async function writeLiveMarker(liveRoot: string, streamId: string, ingestId: string): Promise<void> {
  const dir = path.join(liveRoot, streamId);
  const temporary = path.join(dir, `${MARKER_NAME}.${ingestId}.tmp`);
  await writeFile(temporary, ingestId);
  await rename(temporary, path.join(dir, MARKER_NAME));
}

/** Removes the marker if it still names this ingest (a newer ingest's, written meanwhile, stays). */
export async function clearLiveMarker(liveRoot: string, streamId: string, ingestId: string): Promise<void> {
  const file = path.join(liveRoot, streamId, MARKER_NAME);
  const named = await readFile(file, 'utf8').catch(() => null);
  if (named?.trim() === ingestId) await rm(file, { force: true });
}

/**
 * The HLS folder the stream's marker names, when both ids are well formed, the folder stays
 * under the live root and its playlist was written within `MARKER_STALE_MS`; else null.
 * Whether the stream is live is the caller's to check (its row).
 */
export async function markedHlsDir(liveRoot: string, streamId: string, now = Date.now()): Promise<string | null> {
  if (!isId(streamId)) return null;
  const named = (await readFile(path.join(liveRoot, streamId, MARKER_NAME), 'utf8').catch(() => null))?.trim();
  if (!named || !isId(named)) return null;
  const dir = path.join(liveRoot, streamId, named);
  if (path.relative(liveRoot, dir) !== path.join(streamId, named)) return null;
  const playlist = await stat(path.join(dir, PLAYLIST_NAME)).catch(() => null);
  if (!playlist?.isFile() || now - playlist.mtimeMs > MARKER_STALE_MS) return null;
  return dir;
}
