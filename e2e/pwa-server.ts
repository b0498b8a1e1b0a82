import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { E2E_PORT } from './env';

// A server of the update test's own: it serves a copy of the web build that the test replaces
// with a second version, which the shared e2e server's dist/web must never be.

// Beside the run's other ports, so runs on different E2E_PORTs never share it.
export const PWA_PORT = E2E_PORT + 50;
export const PWA_BASE_URL = `http://127.0.0.1:${PWA_PORT}`;

export interface PwaServer {
  stop(): Promise<void>;
}

async function waitForHealth(child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited:\n${output()}`);
    const healthy = await fetch(`${PWA_BASE_URL}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not start:\n${output()}`);
}

/** Starts src/server/main.ts serving `webDir`, with a data folder of its own and no demo data. */
export async function startPwaServer(webDir: string, dataDir: string): Promise<PwaServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(PWA_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDir,
      PUBLIC_URL: PWA_BASE_URL,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    // The data folder's lock is released on a clean stop: the next server opens the same folder.
    await exited;
  };
  try {
    await waitForHealth(child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop };
}
