import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/** Raw SQL for hot paths. Both drivers answer execute() with { rows }; the shared type does not say so. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
