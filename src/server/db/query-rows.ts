import { createHash } from 'node:crypto';
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
 * A hot statement as a named prepared statement: each connection parses and plans it once, then
 * only binds and runs it. Planning the availability and booking statements cost PostgreSQL more
 * than running them (docs/decisions/0057). The name is the label and a digest of the text, so a
 * statement whose text varies (a change of other columns, a list of another length) is simply
 * another prepared statement; node-postgres refuses one name for two texts. Goes through
 * drizzle's session, so the statement logger (the query-count tests) still sees it.
 */
export async function queryPrepared<T>(db: Db, label: string, query: SQL): Promise<T[]> {
  const built = dialect.sqlToQuery(query);
  const name = `${label}_${createHash('sha1').update(built.sql).digest('base64url').slice(0, 16)}`;
  const prepared = db._.session.prepareQuery(built, undefined, name, false);
  const result = (await prepared.execute()) as unknown as { rows: T[] };
  return result.rows;
}
