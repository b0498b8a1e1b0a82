import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

// Starts PGlite on a thread of its own (pglite-worker.mjs) and says where to connect: a Unix
// socket in a folder only this user can open, so nothing else on the machine reaches the database.

/** What the thread is given. */
export interface PgliteWorkerInput {
  dataDir: string | null;
  socketPath: string;
}

/** What the thread says: once ready (or why not), and once closed. */
export type PgliteWorkerMessage = { ready: true } | { error: string } | { closed: true };

export interface EmbeddedPostgres {
  /** node-postgres connects to `${host}/.s.PGSQL.${port}`. */
  host: string;
  port: number;
  /** Closes PGlite (after the pool has ended) and ends the thread. */
  stop(): Promise<void>;
}

const PORT = 5432;
// Plain JavaScript, so the thread needs no TypeScript loader (decision 0076).
const WORKER_FILE = pathToFileURL(path.join(import.meta.dirname, 'pglite-worker.mjs'));

function nextMessage(worker: Worker): Promise<PgliteWorkerMessage> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: PgliteWorkerMessage) => {
      worker.off('exit', onExit);
      resolve(message);
    };
    const onExit = (code: number) => {
      worker.off('message', onMessage);
      reject(new Error(`the embedded database stopped (exit code ${code})`));
    };
    worker.once('message', onMessage);
    worker.once('exit', onExit);
  });
}

export async function startEmbeddedPostgres(dataDir: string | null): Promise<EmbeddedPostgres> {
  const host = await mkdtemp(path.join(os.tmpdir(), 'pglite-'));
  const input: PgliteWorkerInput = { dataDir, socketPath: path.join(host, `.s.PGSQL.${PORT}`) };
  const worker = new Worker(WORKER_FILE, { workerData: input });
  const removeFolder = () => rm(host, { recursive: true, force: true });
  const started = await nextMessage(worker).catch(async (error: unknown) => {
    await removeFolder();
    throw error;
  });
  if (!('ready' in started)) {
    await worker.terminate();
    await removeFolder();
    throw new Error('error' in started ? started.error : 'the embedded database did not start');
  }
  let stopped: Promise<void> | null = null;
  const stop = async () => {
    const closed = nextMessage(worker).catch(() => undefined);
    worker.postMessage('close');
    await closed;
    await worker.terminate();
    await removeFolder();
  };
  return { host, port: PORT, stop: () => (stopped ??= stop()) };
}
