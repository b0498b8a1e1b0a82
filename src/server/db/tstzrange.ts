import { customType } from 'drizzle-orm/pg-core';

// Drizzle has no range type. Ranges travel as PostgreSQL's text form: ["2026-12-01 09:00:00+00","…").
export interface InstantRange {
  start: Date;
  end: Date;
}

export function rangeLiteral(r: InstantRange): string {
  return `[${r.start.toISOString()},${r.end.toISOString()})`;
}

export function parseRange(text: string): InstantRange {
  const m = /^[[(]"?([^",]+)"?,"?([^",)\]]+)"?[)\]]$/.exec(text);
  if (!m || m[1] === undefined || m[2] === undefined)
    throw new Error(`Unexpected tstzrange: ${text}`);
  return { start: new Date(m[1]), end: new Date(m[2]) };
}

export const tstzrange = customType<{ data: InstantRange; driverData: string }>({
  dataType: () => 'tstzrange',
  toDriver: rangeLiteral,
  fromDriver: parseRange,
});
