import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  availabilityReplacementSchema,
  type TherapistAvailabilityAnswer,
} from '../../contract/catalogue-therapist';
import type { Interval } from '../../domain/types';
import type { AppContext } from '../app-context';
import { availability, therapist } from '../db/schema';
import { HttpProblem } from '../http/problem';
import { catalogueProblems, problemsOfIssues, type CatalogueProblem } from './catalogue-issues';
import { checkWindows } from './check-therapist-places';
import { findStrandedBookings } from './find-stranded-bookings';
import { jsonPath } from './json-path';

// PUT /api/internal/therapists/:id/availability: their windows for some UK days, replaced. What
// lies outside the days is kept, a stored window crossing their edge included: its part outside
// stays, so replacing 1-7 December never shortens 30 November's evening (docs/decisions/0092).

const iso = (ms: number) => new Date(ms).toISOString();

/** The parts of a stored window outside the range: none, one or two. */
function outside(w: Interval, range: Interval): Interval[] {
  const parts: Interval[] = [];
  if (w.start < range.start) parts.push({ start: w.start, end: Math.min(w.end, range.start) });
  if (w.end > range.end) parts.push({ start: Math.max(w.start, range.end), end: w.end });
  return parts;
}

/**
 * Replaces the therapist's windows inside the body's days with the body's. Idempotent: the same
 * body again leaves the same windows and answers the same. Bookings are never touched; those inside
 * the days that the new windows strand are in the answer.
 */
export async function replaceTherapistAvailability(
  ctx: Pick<AppContext, 'db' | 'now'>,
  id: string,
  body: unknown,
): Promise<TherapistAvailabilityAnswer> {
  const parsed = availabilityReplacementSchema.safeParse(body);
  if (!parsed.success) {
    throw catalogueProblems('The availability', problemsOfIssues(parsed.error.issues));
  }
  const { from, to, range, availability: sent } = parsed.data;
  const problems: CatalogueProblem[] = [];
  if (sent.sentAs === 'windows') {
    checkWindows(['availability'], sent.windows, (segments, message) =>
      problems.push({ path: jsonPath(segments), message }),
    );
  }
  if (problems.length > 0) throw catalogueProblems('The availability', problems);

  return ctx.db.transaction(async (tx) => {
    // The therapist's row, locked: two replacements (or an import) of one therapist take turns.
    const [row] = await tx
      .select({ id: therapist.id })
      .from(therapist)
      .where(eq(therapist.id, id))
      .for('update');
    if (!row) throw new HttpProblem(404, `There is no therapist "${id}".`);

    const touching = await tx
      .select({ id: availability.id, during: availability.during })
      .from(availability)
      .where(
        and(
          eq(availability.therapistId, id),
          sql`upper(${availability.during}) > ${iso(range.start)}::timestamptz and lower(${availability.during}) < ${iso(range.end)}::timestamptz`,
        ),
      );
    if (touching.length > 0) {
      await tx.delete(availability).where(
        inArray(
          availability.id,
          touching.map((w) => w.id),
        ),
      );
    }
    const kept = touching.flatMap((w) =>
      outside({ start: w.during.start.getTime(), end: w.during.end.getTime() }, range),
    );
    const windows = [...sent.windows].sort(
      (a, b) => Date.parse(a.start) - Date.parse(b.start) || Date.parse(a.end) - Date.parse(b.end),
    );
    const rows = [
      ...kept.map((w) => ({ start: new Date(w.start), end: new Date(w.end) })),
      ...windows.map((w) => ({ start: new Date(w.start), end: new Date(w.end) })),
    ].map((during) => ({ therapistId: id, during }));
    // A year of windows is a few thousand rows; chunks keep each insert far below PostgreSQL's
    // 65,535 bind parameters.
    for (let i = 0; i < rows.length; i += 1000) {
      await tx.insert(availability).values(rows.slice(i, i + 1000));
    }

    return {
      therapistId: id,
      from,
      to,
      availability: windows.map((w) => ({
        start: new Date(w.start).toISOString(),
        end: new Date(w.end).toISOString(),
      })),
      strandedBookings: await findStrandedBookings(tx, id, ctx.now(), range),
    };
  });
}
