import { spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

// Each run is a fresh Node process that migrates its own embedded database: about 10 s of CPU,
// which a loaded 2-core machine stretches past Vitest's default 30 s. A limit, not an assertion.
export const CLI_TIMEOUT_MS = 120_000;

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the real command line in a child process, with only the settings given. */
export function runCli(args: string[], env: Record<string, string>): Promise<Run> {
  const base = { ...process.env };
  for (const name of ['DATABASE_URL', 'DATA_DIR', 'INTERNAL_API_TOKEN', 'APP_ENV', 'PUBLIC_URL']) {
    delete base[name];
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
    cwd: ROOT,
    env: { ...base, SEED_DEMO: 'false', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
