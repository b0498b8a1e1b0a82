import { spawn } from 'node:child_process';
import path from 'node:path';

// The real admin command line in a child process, for tests of its commands.

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Each run is a fresh Node process that may migrate a database: a limit, not an assertion. */
export const CLI_TIMEOUT_MS = 120_000;

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `npm run admin -- …` with only the settings given (none inherited that choose a database). */
export function runCli(args: string[], env: Record<string, string>): Promise<CliRun> {
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
