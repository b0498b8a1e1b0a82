import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

// A PGlite data folder must only ever be opened by one process: two would corrupt it. The process
// that opens it holds <dataDir>/server.lock; the admin command line reads the lock to find the
// running server (port, token) and sends its writes there instead of opening the folder itself.

export interface DataDirLockInfo {
  pid: number;
  port: number | null;
  /** Bearer token the holder accepts on /api/internal/*; the file is readable by its owner only. */
  token: string | null;
  startedAt: string;
}

export interface DataDirLock {
  readonly path: string;
  readonly info: DataDirLockInfo;
  update(changes: { port?: number | null; token?: string | null }): Promise<void>;
  release(): Promise<void>;
}

export class DataDirLockedError extends Error {
  constructor(
    public readonly lockPath: string,
    public readonly holder: DataDirLockInfo,
  ) {
    super(
      `The data folder is in use by process ${holder.pid}` +
        `${holder.port ? ` (listening on port ${holder.port})` : ''}, since ${holder.startedAt}. ` +
        `If that process is gone, delete ${lockPath}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

const LOCK_FILE = 'server.lock';

export const dataDirLockPath = (dataDir: string) => path.join(dataDir, LOCK_FILE);

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else, so it is alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parseLock(text: string): DataDirLockInfo | null {
  try {
    const value = JSON.parse(text) as Partial<DataDirLockInfo>;
    if (typeof value.pid !== 'number' || !Number.isInteger(value.pid) || value.pid <= 0)
      return null;
    return {
      pid: value.pid,
      port: typeof value.port === 'number' ? value.port : null,
      token: typeof value.token === 'string' ? value.token : null,
      startedAt: typeof value.startedAt === 'string' ? value.startedAt : '',
    };
  } catch {
    return null;
  }
}

async function readLockFile(
  lockPath: string,
): Promise<{ text: string; info: DataDirLockInfo | null } | null> {
  try {
    const text = await readFile(lockPath, 'utf8');
    return { text, info: parseLock(text) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The live holder of the folder, or null when nobody (alive) holds it. */
export async function readDataDirLock(dataDir: string): Promise<DataDirLockInfo | null> {
  const found = await readLockFile(dataDirLockPath(dataDir));
  return found?.info && isAlive(found.info.pid) ? found.info : null;
}

/** Takes the folder for this process, or throws DataDirLockedError naming the live holder. */
export async function acquireDataDirLock(
  dataDir: string,
  initial: { port: number | null; token: string | null },
): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true });
  const lockPath = dataDirLockPath(dataDir);
  const info: DataDirLockInfo = {
    pid: process.pid,
    port: initial.port,
    token: initial.token,
    startedAt: new Date().toISOString(),
  };

  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      // 'wx' fails when the file exists: creating it is the atomic "take the lock" step.
      const handle = await open(lockPath, 'wx', 0o600);
      try {
        await handle.writeFile(JSON.stringify(info));
      } finally {
        await handle.close();
      }
      return createLock(lockPath, info);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const found = await readLockFile(lockPath);
    if (!found) continue; // released between our attempt and the read
    if (found.info && isAlive(found.info.pid)) throw new DataDirLockedError(lockPath, found.info);
    // Stale (dead holder) or unreadable: remove it, but only if it is still the file we judged.
    const again = await readLockFile(lockPath);
    if (again?.text === found.text) await unlink(lockPath).catch(ignoreMissing);
  }
  throw new Error(`Could not take ${lockPath}: other processes keep replacing it.`);
}

function ignoreMissing(error: unknown) {
  if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
}

function createLock(lockPath: string, initial: DataDirLockInfo): DataDirLock {
  let info = initial;
  let released = false;
  const isOurs = async () => {
    const current = (await readLockFile(lockPath))?.info;
    return current?.pid === process.pid && current.startedAt === info.startedAt;
  };
  return {
    path: lockPath,
    get info() {
      return info;
    },
    async update(changes) {
      if (released) throw new Error('The data folder lock was already released.');
      info = { ...info, ...changes };
      // Write aside and rename over, so a reader never sees a half-written file.
      const temp = `${lockPath}.${process.pid}.${randomBytes(4).toString('hex')}`;
      await writeFile(temp, JSON.stringify(info), { mode: 0o600 });
      await rename(temp, lockPath);
    },
    async release() {
      if (released) return;
      released = true;
      if (await isOurs()) await unlink(lockPath).catch(ignoreMissing);
    },
  };
}
