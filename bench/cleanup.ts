// What a run must undo even when it is interrupted (Ctrl-C): stop the servers it started, drop
// the databases it created. Normal runs undo their own work in `finally` blocks and unregister.

const pending = new Set<() => Promise<void>>();

/** Registers an undo step; call the returned function once the step has been done normally. */
export function registerCleanup(undo: () => Promise<void>): () => void {
  pending.add(undo);
  return () => pending.delete(undo);
}

/** Runs every registered step, newest first (servers before the databases they use). */
export async function runCleanups(): Promise<void> {
  for (const undo of [...pending].reverse()) {
    pending.delete(undo);
    await undo().catch((error: unknown) =>
      process.stderr.write(`Cleanup failed: ${(error as Error).message}\n`),
    );
  }
}
