import { MINUTE_MS, type RulesConfig } from './constants';
import { normaliseIntervals } from './intervals';
import type { Interval } from './types';
import { offsetSegment } from './uk-time';

export interface SlotInput {
  /** Availability windows; overlapping or touching windows count as one continuous window. */
  windows: readonly Interval[];
  /** Active bookings (and holds) that block time. */
  bookings: readonly Interval[];
  /** Already including the booking buffer (see basketTotal). */
  durationMinutes: number;
  /** Where slot starts may fall, e.g. one UK day from ukDayInterval. */
  range: Interval;
  now: number;
  config: Pick<RulesConfig, 'noticeMinutes' | 'gridMinutes' | 'timeZone'>;
}

function mod(a: number, n: number): number {
  return ((a % n) + n) % n;
}

/**
 * Returns a function giving the first instant at or after t whose local wall-clock time is on the
 * grid. The offset is looked up once per constant-offset stretch, not once per slot, because this
 * runs for every slot of every therapist in a request.
 */
function gridCursor(gridMs: number, timeZone: string): (t: number) => number {
  let segStart = Infinity;
  let segEnd = -Infinity;
  let offset = 0;
  return (from: number): number => {
    let t = from;
    for (;;) {
      if (t < segStart || t >= segEnd) {
        const seg = offsetSegment(t, timeZone);
        segStart = seg.start;
        segEnd = seg.end;
        offset = seg.offsetMs;
      }
      const r = mod(t + offset, gridMs);
      const candidate = r === 0 ? t : t + gridMs - r;
      // Past a clock change the grid is anchored to the new offset, so realign from the change.
      if (candidate < segEnd) return candidate;
      t = segEnd;
    }
  };
}

/**
 * Bookable start instants, ascending: on the local-time grid, inside `range`, no earlier than
 * now + notice, the whole [start, start + duration) inside one window and clear of every booking.
 *
 * Windows and bookings are normalised (sorted, merged) and then swept together, so the cost is
 * O((windows + bookings) log + slots) rather than slots x bookings.
 */
export function computeSlots(input: SlotInput): number[] {
  const { range, now, config } = input;
  const durationMs = input.durationMinutes * MINUTE_MS;
  const gridMs = config.gridMinutes * MINUTE_MS;
  if (!(durationMs > 0 && gridMs > 0 && Number.isFinite(durationMs + gridMs))) return [];

  const earliest = Math.max(range.start, now + config.noticeMinutes * MINUTE_MS);
  const windows = normaliseIntervals(input.windows);
  const bookings = normaliseIntervals(input.bookings);
  const nextGrid = gridCursor(gridMs, config.timeZone);
  const slots: number[] = [];
  let b = 0; // bookings before b end at or before the current start, so they can never block again

  for (const w of windows) {
    if (w.start >= range.end) break;
    const lastStart = w.end - durationMs;
    if (lastStart < earliest) continue;
    let s = nextGrid(Math.max(w.start, earliest));
    while (s <= lastStart && s < range.end) {
      let booking = bookings[b];
      while (booking !== undefined && booking.end <= s) booking = bookings[++b];
      // Merged bookings are disjoint and sorted, so only the first one not yet over can overlap.
      if (booking !== undefined && booking.start < s + durationMs) {
        s = nextGrid(booking.end);
        continue;
      }
      slots.push(s);
      // s + 1, not s + grid: a clock change between them can bring a grid point closer.
      s = nextGrid(s + 1);
    }
  }
  return slots;
}
