import { spawn } from 'node:child_process';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import {
  openDatabase,
  type DatabaseKind,
  type DatabaseTarget,
  type Db,
} from '../src/server/db/client';
import { registerCleanup } from './cleanup';
import {
  readMainThreadProfile,
  summariseWindow,
  type ProfileSummary,
  type ProfileWindow,
} from './cpu-profile';
import { loadScaleData, type LoadedCounts } from './load-scale-data';
import type { ScaleData } from './scale-data';

// The pieces of a benchmark run that touch the machine: a throw-away database loaded with the data
// set, and the real server (`node src/server/main.ts`) started on it as its own process, so the
// load generator in this process does not share an event loop with the code it measures.

export const ROOT = path.resolve(import.meta.dirname, '..');
const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export interface ThrowawayDatabase<T> {
  kind: DatabaseKind;
  /** What the server needs to open it: DATABASE_URL or DATA_DIR. */
  env: Record<string, string>;
  /** What `load` returned. */
  loaded: T;
  loadSeconds: number;
  destroy(): Promise<void>;
}

/**
 * A throw-away database — `<prefix>_<timestamp>` on the server of BENCH_DATABASE_URL, or a PGlite
 * folder in the temp directory — migrated, filled by `load`, and closed again so a server can own
 * it. Removed on destroy() or when the run is interrupted.
 */
export async function prepareThrowawayDatabase<T>(
  kind: DatabaseKind,
  prefix: string,
  load: (db: Db) => Promise<T>,
): Promise<ThrowawayDatabase<T>> {
  let target: DatabaseTarget;
  let env: Record<string, string>;
  let remove: () => Promise<void>;
  if (kind === 'pglite') {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), `${prefix}-`));
    target = { kind, dataDir };
    env = { DATA_DIR: dataDir };
    remove = () => rm(dataDir, { recursive: true, force: true });
  } else {
    const adminUrl = process.env.BENCH_DATABASE_URL || DEFAULT_ADMIN_URL;
    const name = `${prefix}_${Date.now()}`;
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
    target = { kind, url: url.toString() };
    env = { DATABASE_URL: url.toString() };
    remove = () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
  const unregister = registerCleanup(remove);
  const destroy = async () => {
    unregister();
    await remove();
  };
  try {
    const started = performance.now();
    const database = await openDatabase(target);
    try {
      await database.migrate();
      const loaded = await load(database.db);
      // A database in service has statistics (autovacuum keeps them); one just loaded has none
      // until autovacuum comes round, and the planner's choices on it are not production's.
      // Prepared statements judge their generic plan once, early, so this matters for the run.
      await database.db.execute(sql`analyze`);
      return { kind, env, loaded, loadSeconds: (performance.now() - started) / 1000, destroy };
    } finally {
      await database.close();
    }
  } catch (error) {
    await destroy();
    throw error;
  }
}

export interface PreparedDatabase {
  kind: DatabaseKind;
  /** What the server needs to open it: DATABASE_URL or DATA_DIR. */
  env: Record<string, string>;
  counts: LoadedCounts;
  loadSeconds: number;
  destroy(): Promise<void>;
}

async function prepareScaleDatabase(
  kind: DatabaseKind,
  data: ScaleData,
): Promise<PreparedDatabase> {
  const { loaded, ...prepared } = await prepareThrowawayDatabase(
    kind,
    kind === 'pglite' ? 'bench-pglite' : 'bench',
    (db) => loadScaleData(db, data),
  );
  return { ...prepared, counts: loaded };
}

/** A fresh `bench_<timestamp>` database on the server of BENCH_DATABASE_URL, loaded. */
export const preparePostgres = (data: ScaleData) => prepareScaleDatabase('postgres', data);

/** A PGlite folder in the temp directory, loaded and closed again so a server can own it. */
export const preparePglite = (data: ScaleData) => prepareScaleDatabase('pglite', data);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no free port')),
      );
    });
  });
}

export interface BenchServer {
  url: string;
  /** The server process, for its CPU time (process-cpu.ts). */
  pid: number | undefined;
  stop(): Promise<void>;
  /** After stop(): the server's main-thread CPU profile over each window; removes the files. */
  profile(windows: ProfileWindow[]): Promise<(ProfileSummary | null)[]>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the server and resolves once /api/health answers; stop() it in a finally. */
export async function startServer(
  env: Record<string, string>,
  /** More options for node, e.g. a module to --import into the server (live-probe.ts). */
  extraNodeArgs: string[] = [],
): Promise<BenchServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // Sampling every 10 ms rather than Node's default 1 ms: at 1 ms the profiler cost the server
  // about 15% of its CPU and throughput on the cache-off search; at 10 ms nothing measurable, and a
  // 10 s run still gives about a thousand samples a busy core for the top five frames.
  const profileDir = await mkdtemp(path.join(os.tmpdir(), 'bench-profile-'));
  const removeProfiles = () => rm(profileDir, { recursive: true, force: true });
  const unregisterProfiles = registerCleanup(removeProfiles);
  let output = '';
  // The young generation `npm start` gives the server (package.json, decision 0059).
  const nodeArgs = [
    '--max-semi-space-size=32',
    '--cpu-prof',
    '--cpu-prof-interval=10000',
    `--cpu-prof-dir=${profileDir}`,
    '--import',
    'tsx',
    ...extraNodeArgs,
  ];
  const child = spawn(process.execPath, [...nodeArgs, 'src/server/main.ts'], {
    cwd: ROOT,
    // Only what the run sets: no INTERNAL_API_TOKEN, DATABASE_URL or tuning from the caller's shell.
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    unregister();
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(killer);
  };
  const unregister = registerCleanup(stop);

  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error('the server exited while starting');
      const ok = await fetch(`${url}/api/health`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error('the server did not answer /api/health in 120 s');
      await sleep(200);
    }
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output}`, {
      cause: error,
    });
  }
  const profile = async (windows: ProfileWindow[]) => {
    const cpu = await readMainThreadProfile(profileDir);
    // BENCH_PROFILE_DIR=folder keeps the whole .cpuprofile files (open them in Chrome DevTools or
    // speedscope) to look beyond the report's top five.
    const keep = process.env.BENCH_PROFILE_DIR;
    if (keep) {
      await cp(profileDir, keep, { recursive: true });
      await writeFile(path.join(keep, 'windows.json'), JSON.stringify(windows));
    }
    unregisterProfiles();
    await removeProfiles();
    return windows.map((w) => (cpu ? summariseWindow(cpu, w, ROOT) : null));
  };
  return { url, pid: child.pid, stop, profile };
}
