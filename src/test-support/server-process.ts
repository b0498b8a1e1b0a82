import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { SERVER_BUNDLE_ENV } from './template-names';

// The real server process, as `npm start` runs it, for tests that stop it, restart it or kill it.

const ROOT = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/**
 * How Node runs an entry point: the run's bundle when the global setup made one
 * (process-bundles.ts), otherwise the TypeScript through tsx, as `npm start` does.
 */
export function entryArguments(bundleEnv: string, entry: string): string[] {
  const bundle = process.env[bundleEnv];
  return bundle ? ['--enable-source-maps', bundle] : ['--import', 'tsx', entry];
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
  /** Resolves once /api/health answers; rejects if the process exits first. */
  ready: Promise<void>;
}

export function startServerProcess(env: Record<string, string>): ServerProcess {
  const port = Number(env.PORT);
  let output = '';
  const child = spawn(process.execPath, entryArguments(SERVER_BUNDLE_ENV, 'src/server/main.ts'), {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = (async () => {
    // About two minutes: a start takes seconds, but much longer on a machine busy with other work.
    for (let i = 0; i < 1200; i++) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`server exited: ${output}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`server did not start: ${output}`);
  })();
  // Servers expected to fail are never awaited for readiness; don't let that reject unhandled.
  ready.catch(() => undefined);
  return { child, port, url: `http://127.0.0.1:${port}`, output: () => output, exited, ready };
}

/** What a crash does: no shutdown hooks, no closing the database, nothing flushed on purpose. */
export async function killServerProcess(server: ServerProcess): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}
