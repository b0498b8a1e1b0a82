import { inArray, sql } from 'drizzle-orm';
import { AVAILABILITY_AHEAD_DAYS } from '../../domain/constants';
import type { Db } from '../db/client';
import { availability, therapist } from '../db/schema';
import { demoAvailability } from '../catalogue/demo-catalogue';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A demo database seeded weeks ago would have no slots left: extend each demo therapist's windows
 * so they always reach 36 days ahead. Only windows after a therapist's latest one are added.
 */
export async function topUpDemoAvailability(db: Db, demoTherapistIds: string[], now: Date) {
  if (demoTherapistIds.length === 0) return 0;
  const latest = await db
    .select({
      id: therapist.id,
      latestEnd: sql<
        string | null
      >`(select max(upper(${availability.during})) from ${availability} where ${availability.therapistId} = ${therapist.id})`,
    })
    .from(therapist)
    .where(inArray(therapist.id, demoTherapistIds));

  const horizon = now.getTime() + AVAILABILITY_AHEAD_DAYS * DAY_MS;
  const rows: { therapistId: string; during: { start: Date; end: Date } }[] = [];
  for (const t of latest) {
    const after = t.latestEnd ? new Date(t.latestEnd).getTime() : 0;
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
