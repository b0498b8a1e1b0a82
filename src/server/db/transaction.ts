import type { Db } from './client';

/** SQLSTATE of a database error, wherever the driver or Drizzle wrapped it. */
export function sqlState(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

export const EXCLUSION_VIOLATION = '23P01';
const RETRYABLE = new Set(['40P01', '40001']); // deadlock detected, serialization failure

/**
 * Runs `work` in a transaction. PostgreSQL may abort one of two transactions that wait on each
 * other; the aborted one changed nothing, so it is run again (a few times at most). Provider calls
 * inside carry idempotency keys, so repeating them is safe.
 */
export async function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => work(tx));
    } catch (error) {
      const state = sqlState(error);
      if (attempt >= 3 || state === null || !RETRYABLE.has(state)) throw error;
    }
  }
}
