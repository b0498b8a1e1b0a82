import type { AppConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import {
  acquireDataDirLock,
  DataDirLockedError,
  readDataDirLock,
  type DataDirLockInfo,
} from '../server/db/data-dir-lock';
import { directBackend, httpBackend, type Backend } from './backend';
import { CommandFailed } from './errors';

// Where the command line's reads and writes go. A PGlite folder must never be open in two
// processes, so when a live server holds DATA_DIR the command goes through that server's
// internal API; otherwise the command line takes the folder's lock itself for its short run.

export interface ConnectOptions {
  /** How long to wait for a server that holds the folder but is not listening yet. */
  startupWaitMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function connect(config: AppConfig, options: ConnectOptions = {}): Promise<Backend> {
  if (config.databaseUrl) {
    const database = await openDatabase({ kind: 'postgres', url: config.databaseUrl }).catch(
      (error: unknown) => {
        throw new CommandFailed(`Could not connect to DATABASE_URL: ${(error as Error).message}`);
      },
    );
    await database.migrate();
    return directBackend(database.db, () => database.close(), config);
  }

  const dataDir = config.dataDir;
  const deadline = Date.now() + (options.startupWaitMs ?? 15_000);
  for (;;) {
    const holder = await readDataDirLock(dataDir);
    if (holder) {
      if (holder.port !== null) return viaServer(holder, config);
      if (Date.now() > deadline) {
        throw new CommandFailed(
          `The server (pid ${holder.pid}) has ${dataDir} open but is not listening yet. Try again in a moment.`,
        );
      }
      await sleep(200);
      continue;
    }
    try {
      const lock = await acquireDataDirLock(
        dataDir,
        { port: null, token: null },
        // stderr: stdout may be the exported catalogue.
        { log: (line) => process.stderr.write(`${line}\n`) },
      );
      return await openFolder(dataDir, lock.release, config);
    } catch (error) {
      // A server took the folder between our look and our lock: go through it instead.
      if (error instanceof DataDirLockedError) continue;
      throw error;
    }
  }
}

async function openFolder(
  dataDir: string,
  release: () => Promise<void>,
  config: AppConfig,
): Promise<Backend> {
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir });
    await database.migrate();
    return directBackend(
      database.db,
      async () => {
        try {
          await database.close();
        } finally {
          await release();
        }
      },
      config,
    );
  } catch (error) {
    await release();
    throw error;
  }
}

function viaServer(holder: DataDirLockInfo, config: AppConfig): Backend {
  const label = `the running server (pid ${holder.pid}, port ${holder.port})`;
  const token = holder.token ?? config.internalApiToken;
  if (!token) {
    throw new CommandFailed(
      `${label} has the data folder open and does not accept commands from here. ` +
        'Set INTERNAL_API_TOKEN for both, or stop the server.',
    );
  }
  return httpBackend({ baseUrl: `http://127.0.0.1:${holder.port}`, token, label });
}
