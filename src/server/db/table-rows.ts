import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * Whole rows of a table read by plain SQL, for the hottest reads (a booking's row lock): the
 * select list is written once, when the module loads, instead of by Drizzle's query builder on
 * every call, which for a table of thirty columns cost more main-thread CPU than sending the
 * query (docs/decisions/0053). `columns` goes in the SELECT, with the table under `alias` and
 * each column named `prefix` + its name (so two tables can share a row); `read` turns such a
 * row into what `db.select().from(table)` answers, with Drizzle's own conversions per column.
 */
export function tableRows<T extends PgTable>(table: T, alias: string, prefix = '') {
  const fields = Object.entries(getTableColumns(table)).map(([key, column]) => ({
    key,
    column,
    as: `${prefix}${column.name}`,
  }));
  const columns: SQL = sql.raw(
    fields.map((f) => `${alias}."${f.column.name}" as "${f.as}"`).join(', '),
  );
  const read = (raw: Record<string, unknown>): T['$inferSelect'] => {
    const row: Record<string, unknown> = {};
    for (const { key, column, as } of fields) {
      const value = raw[as];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as T['$inferSelect'];
  };
  return { columns, read };
}
