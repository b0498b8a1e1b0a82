import { createHash } from 'node:crypto';
import { is, Param, Placeholder, sql, type Query, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** Raw SQL for hot paths. Both drivers answer execute() with { rows }; the shared type does not say so. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();

/** A statement's text and parameters, named by its label and a digest of the text. */
type NamedQuery = Query & { name: string };

function named(label: string, query: SQL): NamedQuery {
  const built = dialect.sqlToQuery(query);
  const digest = createHash('sha1').update(built.sql).digest('base64url').slice(0, 16);
  return { ...built, name: `${label}_${digest}` };
}

async function run<T>(db: Db, query: NamedQuery): Promise<T[]> {
  const prepared = db._.session.prepareQuery(query, undefined, query.name, false);
  const result = (await prepared.execute()) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * A hot statement as a named prepared statement: each connection parses and plans it once, then
 * only binds and runs it. Planning the availability and booking statements cost PostgreSQL more
 * than running them (docs/decisions/0057). The name is the label and a digest of the text, so a
 * statement whose text varies (a change of other columns, a list of another length) is simply
 * another prepared statement; node-postgres refuses one name for two texts. Goes through
 * drizzle's session, so the statement logger (the query-count tests) still sees it.
 */
export async function queryPrepared<T>(db: Db, label: string, query: SQL): Promise<T[]> {
  return run<T>(db, named(label, query));
}

/** A value a statement binds when it runs: the value itself, or its placeholder (preparedStatement). */
export type Bound<T> = T | Placeholder;

export interface PreparedStatement<K extends string> {
  /** Runs the statement with a value for each placeholder. */
  rows<T>(db: Db, values: Record<K, unknown>): Promise<T[]>;
}

/** How one parameter of a built statement gets its value when the statement runs. */
type Binder = (values: Record<string, unknown>) => unknown;

// Undefined is refused like a missing key: unprepared, drizzle writes a column's default for it,
// which a statement built once cannot do.
function valueOf(values: Record<string, unknown>, name: string): unknown {
  const value = values[name];
  if (value === undefined) throw new Error(`no value for the placeholder "${name}"`);
  return value;
}

// Drizzle's own fillPlaceholders would do this, but it hands null to the column's encoder (an
// instant's encoder then throws, a JSON column's writes the JSON value null): drizzle writes
// SQL NULL for null everywhere else, and so does this.
function binderOf(param: unknown): Binder {
  if (is(param, Placeholder)) {
    const name = param.name;
    return (values) => valueOf(values, name);
  }
  if (is(param, Param) && is(param.value, Placeholder)) {
    const { encoder } = param;
    const name = param.value.name;
    return (values) => {
      const value = valueOf(values, name);
      return value === null ? null : encoder.mapToDriverValue(value);
    };
  }
  return () => param;
}

/**
 * A hot statement whose text never changes, written once with a placeholder for each value and
 * built into SQL text on its first run; every run after that only binds the values. Drizzle's
 * `sql` template walks every chunk of a statement each time it is turned into text, which cost
 * the booking's composite statements about a sixth of the server's time (docs/decisions/0063).
 * Values an insert or an update sets go through their column's encoding, as they do unprepared;
 * a placeholder anywhere else (in `sql`, or compared with `eq(column, p.x)`) goes to the driver as
 * given, so give it as the driver wants it (an instant as ISO text).
 */
export function preparedStatement<const K extends string>(
  label: string,
  keys: readonly K[],
  /** `db` is only for drizzle's query builders inside (the text does not depend on it). */
  build: (p: Record<K, Placeholder>, db: Db) => SQL,
): PreparedStatement<K> {
  let built: { query: NamedQuery; binders: Binder[] } | undefined;
  const placeholders = () => {
    const byKey = {} as Record<K, Placeholder>;
    for (const key of keys) byKey[key] = sql.placeholder(key);
    return byKey;
  };
  return {
    async rows<T>(db: Db, values: Record<K, unknown>) {
      if (!built) {
        const query = named(label, build(placeholders(), db));
        built = { query, binders: query.params.map(binderOf) };
      }
      const { query, binders } = built;
      return run<T>(db, { ...query, params: binders.map((bind) => bind(values)) });
    },
  };
}
