import { sql } from 'drizzle-orm';
import { AVAILABILITY_AHEAD_DAYS, DAY_MS } from '../../domain/constants';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import { availability } from '../db/schema';
import { demoAvailability } from '../catalogue/demo-availability';

/**
 * A demo database seeded weeks ago would have no slots left: extend each demo therapist's windows
 * so they always reach 36 days ahead. Only windows after a therapist's latest one are added.
 */
export async function topUpDemoAvailability(db: Db, demoTherapistIds: string[], now: Date) {
  if (demoTherapistIds.length === 0) return 0;
  const latest = await queryRows<{ id: string; latest_end_ms: number | null }>(
    db,
    sql`select t.id,
          (select extract(epoch from max(upper(a.during))) * 1000 from availability a
            where a.therapist_id = t.id)::float8 as latest_end_ms
        from therapist t where t.id in ${demoTherapistIds}`,
  );

  const horizon = now.getTime() + AVAILABILITY_AHEAD_DAYS * DAY_MS;
  const rows: { therapistId: string; during: { start: Date; end: Date } }[] = [];
  for (const t of latest) {
    const after = t.latest_end_ms === null ? 0 : Number(t.latest_end_ms);
    for (const w of demoAvailability(t.id, now, AVAILABILITY_AHEAD_DAYS + 1)) {
      const start = Date.parse(w.start);
      const end = Date.parse(w.end);
      if (start >= after && end <= horizon) {
        rows.push({ therapistId: t.id, during: { start: new Date(start), end: new Date(end) } });
      }
    }
  }
  for (let i = 0; i < rows.length; i += 1000) {
    await db.insert(availability).values(rows.slice(i, i + 1000));
  }
  return rows.length;
}
