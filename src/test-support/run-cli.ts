import { spawn } from 'node:child_process';
import path from 'node:path';
import { runAdmin } from '../cli/run-admin';
import { CLI_BUNDLE_ENV } from './template-names';
import { entryArguments } from './server-process';

const ROOT = path.resolve(import.meta.dirname, '../..');

// A fresh Node process migrates or opens its own embedded database: about 10 s of CPU, which a
// loaded 2-core machine stretches past Vitest's default 30 s. A limit, not an assertion.
export const CLI_TIMEOUT_MS = 120_000;

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

// What the command line must not inherit from the test's own environment.
const UNSET = ['DATABASE_URL', 'DATA_DIR', 'INTERNAL_API_TOKEN', 'APP_ENV', 'PUBLIC_URL'];

function cliEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base = { ...process.env };
  for (const name of UNSET) delete base[name];
  return { ...base, SEED_DEMO: 'false', ...env };
}

/**
 * Runs the command line's own code (run-admin.ts, what main.ts runs) in this process, with only
 * the settings given, and collects what it writes to stdout and stderr. The same commands, use
 * cases and database connections as `npm run admin`, without starting Node and loading the whole
 * server each time (decision 0069); runCliProcess checks the process around them.
 */
export async function runCli(args: string[], env: Record<string, string>): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const capture = (stream: NodeJS.WriteStream, append: (text: string) => void) => {
    const original = stream.write;
    // Commands write through the stream's callback form; call it back as the stream would.
    stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      append(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString());
      const done = rest.find((arg): arg is () => void => typeof arg === 'function');
      if (done) queueMicrotask(done);
      return true;
    }) as typeof stream.write;
    return () => {
      stream.write = original;
    };
  };
  // Tests in one file run one at a time, so nothing else writes while the command runs.
  const restoreOut = capture(process.stdout, (text) => (stdout += text));
  const restoreErr = capture(process.stderr, (text) => (stderr += text));
  try {
    const code = await runAdmin(args, cliEnv(env));
    return { code, stdout, stderr };
  } finally {
    restoreOut();
    restoreErr();
  }
}

/** Runs the real command line in a child process, with only the settings given. */
export function runCliProcess(args: string[], env: Record<string, string>): Promise<Run> {
  const child = spawn(
    process.execPath,
    [...entryArguments(CLI_BUNDLE_ENV, 'src/cli/main.ts'), ...args],
    {
      cwd: ROOT,
      env: cliEnv(env),
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
