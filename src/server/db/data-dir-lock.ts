import { createHash, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, realpath, rename, stat, unlink, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

// A PGlite data folder must only ever be opened by one process: two would corrupt it.
//
// Who holds the folder is decided by a Unix domain socket the holder listens on, not by the process
// id in a file: a crashed server's pid is soon someone else's (in a container the server is pid 1
// every time), but its listening socket dies with it. Binding the socket is the "take the lock"
// step; a socket file nobody listens on (connect is refused) is what a crash leaves behind.
//
// <dataDir>/server.lock (readable by its owner only) carries what the admin command line needs to
// reach the running server (port, token), and is trusted only while the socket answers with the
// same id.

export interface DataDirLockInfo {
  pid: number;
  port: number | null;
  /** Bearer token the holder accepts on /api/internal/*; the file is readable by its owner only. */
  token: string | null;
  startedAt: string;
}

export interface DataDirLock {
  readonly path: string;
  readonly socketPath: string;
  readonly info: DataDirLockInfo;
  update(changes: { port?: number | null; token?: string | null }): Promise<void>;
  release(): Promise<void>;
}

export interface AcquireOptions {
  /** Told, in one line, when a lock left by a server that is no longer running was cleared. */
  log?: (line: string) => void;
}

export class DataDirLockedError extends Error {
  constructor(
    public readonly lockPath: string,
    public readonly holder: DataDirLockInfo,
  ) {
    super(
      `The data folder is in use by process ${holder.pid}` +
        `${holder.port ? ` (listening on port ${holder.port})` : ''}` +
        `${holder.startedAt ? `, since ${holder.startedAt}` : ''}. Stop that process first.`,
    );
    this.name = 'DataDirLockedError';
  }
}

const LOCK_FILE = 'server.lock';
const SOCKET_FILE = 'server.sock';
// sun_path is 108 bytes on Linux and 104 on macOS, the terminating NUL included.
const MAX_SOCKET_PATH_BYTES = 100;

export const dataDirLockPath = (dataDir: string) => path.join(dataDir, LOCK_FILE);

/**
 * Where the holder of dataDir listens: in the folder, or under the temp folder when that path is too
 * long. Decided from the folder's real path, so every spelling of it (relative, through a symlink)
 * agrees on one socket.
 */
export async function dataDirSocketPath(dataDir: string): Promise<string> {
  const real = await realpath(dataDir);
  const hash = createHash('sha256').update(real).digest('hex').slice(0, 24);
  if (process.platform === 'win32') return `\\\\.\\pipe\\glow-at-home-${hash}`;
  const inFolder = path.join(real, SOCKET_FILE);
  if (Buffer.byteLength(inFolder) <= MAX_SOCKET_PATH_BYTES) return inFolder;
  return path.join(tmpdir(), `glow-at-home-${hash}.sock`);
}

interface LockFile extends DataDirLockInfo {
  /** Matches what the holder's socket answers, so a stale file is never taken for the live one. */
  id: string;
}

function parseLock(text: string): LockFile | null {
  try {
    const value = JSON.parse(text) as Partial<LockFile>;
    if (typeof value.pid !== 'number' || !Number.isInteger(value.pid) || value.pid <= 0)
      return null;
    return {
      id: typeof value.id === 'string' ? value.id : '',
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
): Promise<{ text: string; info: LockFile | null } | null> {
  try {
    const text = await readFile(lockPath, 'utf8');
    return { text, info: parseLock(text) };
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null;
    throw error;
  }
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;

type Probe =
  | { alive: false }
  | {
      alive: true;
      /** What the holder said about itself; null when it did not answer. */ answer: {
        id: string;
        pid: number;
      } | null;
    };

// How long to wait for a holder that accepted the connection to say who it is. A holder busy in a
// long synchronous step answers late; the connection alone already proves it is alive.
const ANSWER_WAIT_MS = 3_000;

/** Connects to the holder's socket: refused (or gone) means nobody holds the folder any more. */
function probe(socketPath: string): Promise<Probe> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let connected = false;
    let received = '';
    const finish = () => {
      socket.destroy();
      clearTimeout(timer);
      let answer: { id: string; pid: number } | null = null;
      try {
        const value = JSON.parse(received) as { id?: unknown; pid?: unknown };
        if (typeof value.id === 'string' && typeof value.pid === 'number')
          answer = { id: value.id, pid: value.pid };
      } catch {
        // No (complete) answer: alive all the same.
      }
      resolve({ alive: true, answer });
    };
    const timer = setTimeout(finish, ANSWER_WAIT_MS);
    timer.unref();
    socket.setEncoding('utf8');
    socket.on('connect', () => (connected = true));
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('end', finish);
    socket.on('error', (error) => {
      if (connected) return finish();
      clearTimeout(timer);
      const code = errorCode(error);
      // ECONNREFUSED: a socket file nobody listens on. ENOENT: none at all.
      if (code === 'ECONNREFUSED' || code === 'ENOENT') resolve({ alive: false });
      else reject(error);
    });
  });
}

const publicInfo = ({ pid, port, token, startedAt }: LockFile): DataDirLockInfo => ({
  pid,
  port,
  token,
  startedAt,
});

function holderInfo(file: LockFile | null | undefined, answer: Probe): DataDirLockInfo {
  const said = answer.alive ? answer.answer : null;
  if (file && (!said || file.id === said.id)) {
    return publicInfo(file);
  }
  // The holder has only just taken the folder and not written its details yet.
  return { pid: said?.pid ?? file?.pid ?? 0, port: null, token: null, startedAt: '' };
}

/** The live holder of the folder, or null when nobody (alive) holds it. */
export async function readDataDirLock(dataDir: string): Promise<DataDirLockInfo | null> {
  const socketPath = await dataDirSocketPath(dataDir).catch((error: unknown) => {
    if (errorCode(error) === 'ENOENT') return null; // no folder, so nobody holds it
    throw error;
  });
  if (!socketPath) return null;
  const found = await probe(socketPath);
  if (!found.alive) return null;
  const file = (await readLockFile(dataDirLockPath(dataDir)))?.info;
  return holderInfo(file, found);
}

function listen(server: net.Server, socketPath: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(socketPath, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Removes a socket file nobody listens on. Renamed aside first and checked by inode, so that when
 * another starter cleared it and bound its own meanwhile, that live socket is put back, not lost.
 */
async function removeStaleSocket(socketPath: string, judgedInode: number, id: string) {
  const aside = `${socketPath}.stale-${id}`;
  try {
    await rename(socketPath, aside);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return;
    throw error;
  }
  if ((await stat(aside)).ino !== judgedInode) await link(aside, socketPath).catch(ignoreExists);
  await unlink(aside).catch(ignoreMissing);
}

/** Takes the folder for this process, or throws DataDirLockedError naming the live holder. */
export async function acquireDataDirLock(
  dataDir: string,
  initial: { port: number | null; token: string | null },
  options: AcquireOptions = {},
): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true });
  const lockPath = dataDirLockPath(dataDir);
  const socketPath = await dataDirSocketPath(dataDir);
  const info: LockFile = {
    id: randomBytes(12).toString('hex'),
    pid: process.pid,
    port: initial.port,
    token: initial.token,
    startedAt: new Date().toISOString(),
  };
  const server = net.createServer((socket) => {
    socket.on('error', () => undefined);
    socket.end(JSON.stringify({ id: info.id, pid: info.pid }));
  });
  // The lock proves this process is alive; it must not be what keeps it running.
  server.unref();

  let clearedSocket = false;
  for (let attempt = 0; ; attempt += 1) {
    if (attempt === 5)
      throw new Error(`Could not take ${socketPath}: other processes keep replacing it.`);
    try {
      await listen(server, socketPath);
      break;
    } catch (error) {
      if (errorCode(error) !== 'EADDRINUSE') throw error;
    }
    const inode = await stat(socketPath).then(
      (s) => s.ino,
      () => null,
    );
    if (inode === null) continue; // released between our attempt and the look
    let found = await probe(socketPath);
    // A starter that has bound but not yet listened refuses connections for an instant.
    if (!found.alive) {
      await pause(50);
      found = await probe(socketPath);
    }
    if (found.alive) {
      throw new DataDirLockedError(
        lockPath,
        holderInfo((await readLockFile(lockPath))?.info, found),
      );
    }
    await removeStaleSocket(socketPath, inode, info.id);
    clearedSocket = true;
  }

  try {
    const previous = await readLockFile(lockPath);
    await writeLockFile(lockPath, info);
    if (clearedSocket || previous) {
      const old = previous?.info;
      options.log?.(
        `Cleared a stale lock on ${dataDir} left by a server that is no longer running` +
          `${old ? ` (pid ${old.pid}, started ${old.startedAt || 'at an unknown time'})` : ''}.`,
      );
    }
  } catch (error) {
    await new Promise((resolve) => server.close(resolve));
    throw error;
  }
  return createLock(lockPath, socketPath, server, info);
}

/** Written aside and renamed over, so a reader never sees a half-written file. */
async function writeLockFile(lockPath: string, info: LockFile) {
  const temp = `${lockPath}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(temp, JSON.stringify(info), { mode: 0o600 });
  await rename(temp, lockPath);
}

function ignoreMissing(error: unknown) {
  if (errorCode(error) !== 'ENOENT') throw error;
}

function ignoreExists(error: unknown) {
  if (errorCode(error) !== 'EEXIST') throw error;
}

function createLock(
  lockPath: string,
  socketPath: string,
  server: net.Server,
  initial: LockFile,
): DataDirLock {
  let info = initial;
  let released = false;
  return {
    path: lockPath,
    socketPath,
    get info() {
      return publicInfo(info);
    },
    async update(changes) {
      if (released) throw new Error('The data folder lock was already released.');
      info = { ...info, ...changes };
      await writeLockFile(lockPath, info);
    },
    async release() {
      if (released) return;
      released = true;
      try {
        // The file first: while the socket still answers, nobody else can have written a new one.
        if ((await readLockFile(lockPath))?.info?.id === info.id)
          await unlink(lockPath).catch(ignoreMissing);
      } finally {
        // Closing removes the socket file too.
        await new Promise((resolve) => server.close(resolve));
      }
    },
  };
}
