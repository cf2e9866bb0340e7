/**
 * The embedded database's data folder: one process at a time, never left half-made.
 *
 * - A lock file beside the folder (`<folder>.lock`, holding the owner's pid and host) is
 *   taken before anything touches the folder and released when the database closes. A lock
 *   whose process is gone (the server was killed) is taken over; a live one refuses.
 * - A new folder is initialised aside (`<folder>.init-<pid>`) and renamed into place only
 *   once PostgreSQL's initdb finished, so an interrupted first start leaves either no folder
 *   or a complete one; leftovers of an interrupted init are removed under the lock.
 * - A folder that is not a database, or that PGlite cannot open, gets a message saying what
 *   to do instead of the engine's dump.
 */
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export class DataFolderError extends Error {
  override name = 'DataFolderError';
}

interface LockOwner {
  pid: number;
  host: string;
  startedAt: string;
}

/** Folders this process holds, so a second open from the same process is refused too. */
const held = new Set<string>();

export const lockPathOf = (folder: string) => `${folder}.lock`;

/** Takes the folder's lock or throws DataFolderError naming who holds it; returns the release. */
export function lockDataFolder(folder: string): () => void {
  const dir = path.resolve(folder);
  const lockPath = lockPathOf(dir);
  if (held.has(dir)) throw new DataFolderError(inUse(dir, { pid: process.pid, host: os.hostname(), startedAt: '' }, lockPath));
  mkdirSync(path.dirname(dir), { recursive: true });
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      const fd = openSync(lockPath, 'wx');
      try {
        writeSync(fd, JSON.stringify({ pid: process.pid, host: os.hostname(), startedAt: new Date().toISOString() } satisfies LockOwner));
      } finally {
        closeSync(fd);
      }
      held.add(dir);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        held.delete(dir);
        rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = readOwner(lockPath);
    if (owner && isAlive(owner)) throw new DataFolderError(inUse(dir, owner, lockPath));
    // Stale (its process is gone, or the file is unreadable): move it aside atomically, so of
    // several starters taking it over at once only one succeeds, then try again.
    try {
      const aside = `${lockPath}.stale-${process.pid}-${attempt}`;
      renameSync(lockPath, aside);
      unlinkSync(aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new DataFolderError(`Could not take the lock ${lockPath}: it keeps changing. Is another Fandeck starting on ${dir}?`);
}

function readOwner(lockPath: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(lockPath, 'utf8')) as Partial<LockOwner>;
    return typeof owner.pid === 'number' && typeof owner.host === 'string' ? (owner as LockOwner) : null;
  } catch {
    return null;
  }
}

function isAlive(owner: LockOwner): boolean {
  // Another host's lock (a shared disk) cannot be checked: it counts as held.
  if (owner.host !== os.hostname()) return true;
  // Our own pid in a lock we do not hold is a previous life of this container's pid 1.
  if (owner.pid === process.pid) return false;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function inUse(dir: string, owner: LockOwner, lockPath: string): string {
  const who = owner.pid === process.pid ? 'this process' : `another process (pid ${owner.pid} on ${owner.host})`;
  return [
    `The data folder ${dir} is in use by ${who}.`,
    'Only one Fandeck server may run on an embedded database. Stop the other one, or set DATA_DIR to another folder.',
    `If no such process is running, delete ${lockPath} and start again.`,
  ].join('\n');
}

/** Whether `folder` holds an initialised PostgreSQL cluster. */
export const isDatabaseFolder = (folder: string) => existsSync(path.join(folder, 'PG_VERSION'));

/**
 * Makes sure `folder` is a complete database folder, creating it aside with `initialise`
 * (which must leave a closed cluster in the folder it is given) when it does not exist.
 * Call it with the lock held.
 */
export async function prepareDataFolder(folder: string, initialise: (dir: string) => Promise<void>): Promise<void> {
  const dir = path.resolve(folder);
  const parent = path.dirname(dir);
  const base = path.basename(dir);
  mkdirSync(parent, { recursive: true });
  for (const entry of readdirSync(parent)) {
    if (entry.startsWith(`${base}.init-`)) rmSync(path.join(parent, entry), { recursive: true, force: true });
  }
  if (existsSync(dir) && readdirSync(dir).length === 0) rmSync(dir, { recursive: true, force: true });
  if (existsSync(dir)) {
    if (!isDatabaseFolder(dir)) throw new DataFolderError(notADatabase(dir));
    return;
  }
  const aside = path.join(parent, `${base}.init-${process.pid}`);
  await initialise(aside);
  renameSync(aside, dir);
}

function notADatabase(dir: string): string {
  return [
    `The folder ${dir} is not an embedded Fandeck database (no PG_VERSION in it).`,
    'Set DATA_DIR to the folder Fandeck created, or move this folder away so a new database is made.',
  ].join('\n');
}

/** The message for a database folder PGlite could not open. */
export function cannotOpen(dir: string, cause: unknown): DataFolderError {
  const reason = cause instanceof Error ? cause.message.split('\n')[0] : String(cause);
  return new DataFolderError(
    [
      `The embedded database in ${path.resolve(dir)} could not be opened (${reason || 'the engine stopped'}).`,
      'If it holds nothing you need (demo data), delete the folder and start again to make a new one;',
      'otherwise restore it from a backup, or point DATA_DIR at a copy that opens.',
    ].join('\n'),
  );
}
