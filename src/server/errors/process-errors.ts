import type { ErrorReporter } from './error-reporter';

// With error reporting on, a crash is reported before the process goes. Node's own behaviour is
// kept otherwise: the error and its stack on stderr, exit code 1. A promise rejected with nobody
// listening arrives here too (Node raises it as an uncaught exception, origin
// "unhandledRejection"), so no unhandledRejection listener is added to change that.

export interface CrashingProcess {
  on(event: 'uncaughtException', listener: (error: Error, origin: string) => void): unknown;
  exit(code: number): unknown;
}

/** How long a crash waits for its report to be sent before it exits anyway. */
export const CRASH_FLUSH_MS = 2000;

export function reportCrashes(
  reporter: ErrorReporter,
  proc: CrashingProcess = process,
  writeError: (text: string) => void = (text) => process.stderr.write(text),
): void {
  if (!reporter.enabled) return;
  let crashing = false;
  proc.on('uncaughtException', (error, origin) => {
    // Node passes a rejection's reason as it is, which need not be an Error.
    const reason: unknown = error;
    const stack = reason instanceof Error ? (reason.stack ?? String(reason)) : String(reason);
    writeError(
      `${origin === 'unhandledRejection' ? 'Unhandled rejection' : 'Uncaught exception'}: ${stack}\n`,
    );
    // A second error while the first report is on its way changes nothing: exit as planned.
    if (crashing) return;
    crashing = true;
    reporter.report(error, { level: 'fatal', tags: { origin } });
    void reporter
      .flush(CRASH_FLUSH_MS)
      .catch(() => false)
      .finally(() => proc.exit(1));
  });
}
