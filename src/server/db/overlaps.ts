import { sql, type SQL } from 'drizzle-orm';
import type { Bound } from './query-rows';

/** A span's ends in epoch seconds: values, or placeholders of a statement built once. */
export interface SecondsRange {
  startS: Bound<number>;
  endS: Bound<number>;
}

/**
 * `during && [start, end)`, written as "ends after the start and starts before the end" so that
 * the B-trees on (therapist_id, upper(during), lower(during)) answer it from the index alone
 * (drizzle/0012, docs/decisions/0057); the planner cannot use them for `&&`. The same rows for
 * the ranges stored here: half-open, bounded and never empty (import checks bounds; CHECK
 * constraints forbid empty ranges).
 */
export function overlapsSeconds(range: SecondsRange): SQL {
  return sql`upper(during) > to_timestamp(${range.startS})
             and lower(during) < to_timestamp(${range.endS})`;
}

/**
 * The bookings that hold their therapist's time: the exclusion constraint's own predicate, which
 * the partial index of overlapping bookings shares. The planner uses that index only when a
 * query states it in these words.
 */
export const blockingStatus: SQL = sql`status in ('held', 'requires_action', 'confirmed')`;
