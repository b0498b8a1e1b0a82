import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** Raw SQL for hot paths. Both drivers answer execute() with { rows }; the shared type does not say so. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();

/**
 * A hot read as a named prepared statement: each connection parses and plans it once, then only
 * binds and runs it. Planning the availability reads cost PostgreSQL more than running them
 * (docs/decisions/0057). The query's text must be the same on every call (lists as one array
 * parameter, never `in (…)` of varying length): node-postgres refuses a name reused for new text.
 * Goes through drizzle's session, so the statement logger (the query-count tests) still sees it.
 */
export async function queryPrepared<T>(db: Db, name: string, query: SQL): Promise<T[]> {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  const result = (await prepared.execute()) as unknown as { rows: T[] };
  return result.rows;
}
