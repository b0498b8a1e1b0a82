import { z } from 'zod';
import { MINUTE_MS, SLOT_GRID_MINUTES } from '../domain/constants';
import { normaliseIntervals } from '../domain/intervals';
import {
  EARLIEST_STORABLE,
  LATEST_STORABLE,
  STORABLE_MESSAGE,
  storableInstant,
  type AvailabilityWindow,
} from './catalogue-document';

// A therapist's availability as the import reads it: today's windows ({start, end}) or the
// company's list of timestamps. A timestamp is the start of one slot of TIMESTAMP_SLOT_MINUTES the
// therapist can work; slots that touch or overlap are merged into windows, which is what the
// availability table keeps (docs/decisions/0092).

/** The length of the slot a timestamp opens: the 15-minute grid customers' times fall on. */
export const TIMESTAMP_SLOT_MINUTES = SLOT_GRID_MINUTES;
const SLOT_MS = TIMESTAMP_SLOT_MINUTES * MINUTE_MS;

export type RefinementCtx = z.core.$RefinementCtx;

/** Said of a field no shape has: nothing in a catalogue document is silently dropped. */
export const UNKNOWN_FIELD =
  "is not a field of this record, in today's shape or the company's: nothing is ignored, so remove it or correct its name";

/**
 * Passes issues of a nested parse on, relative to where it was nested. An unknown key becomes one
 * issue at its own path, so a problem names `…/favouriteColour` itself.
 */
export function forwardIssues(
  ctx: RefinementCtx,
  issues: readonly z.core.$ZodIssue[],
  input: unknown,
) {
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        ctx.issues.push({
          code: 'custom',
          message: UNKNOWN_FIELD,
          path: [...issue.path, key],
          input,
        });
      }
    } else {
      ctx.issues.push({ code: 'custom', message: issue.message, path: [...issue.path], input });
    }
  }
}

const windowObject = z
  .strictObject({ start: storableInstant, end: storableInstant })
  .refine((w) => Date.parse(w.start) < Date.parse(w.end), {
    message: 'end must be after start',
    path: ['end'],
  });

const ENTRY_MESSAGE =
  'must be a window {start, end}, an ISO 8601 instant or milliseconds since 1970-01-01T00:00Z';

type Entry = { kind: 'window'; window: AvailabilityWindow } | { kind: 'timestamp'; at: number };

function timestampOf(value: string | number, ctx: RefinementCtx): number | null {
  if (typeof value === 'string') {
    const parsed = storableInstant.safeParse(value);
    if (!parsed.success) {
      forwardIssues(ctx, parsed.error.issues, value);
      return null;
    }
  } else if (!Number.isInteger(value)) {
    ctx.issues.push({ code: 'custom', message: 'must be whole milliseconds', input: value });
    return null;
  }
  const at = typeof value === 'string' ? Date.parse(value) : value;
  // The slot's end is stored too, so it must be storable as well.
  if (at < EARLIEST_STORABLE || at + SLOT_MS > LATEST_STORABLE) {
    ctx.issues.push({ code: 'custom', message: STORABLE_MESSAGE, input: value });
    return null;
  }
  return at;
}

const availabilityEntry = z.unknown().transform((value, ctx): Entry => {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const parsed = windowObject.safeParse(value);
    if (parsed.success) return { kind: 'window', window: parsed.data };
    forwardIssues(ctx, parsed.error.issues, value);
    return z.NEVER;
  }
  if (typeof value === 'string' || typeof value === 'number') {
    const at = timestampOf(value, ctx);
    return at === null ? z.NEVER : { kind: 'timestamp', at };
  }
  ctx.issues.push({ code: 'custom', message: ENTRY_MESSAGE, input: value });
  return z.NEVER;
});

export interface ImportedAvailability {
  windows: AvailabilityWindow[];
  /** Which shape the list was in: the company's timestamps are already merged into windows. */
  sentAs: 'windows' | 'timestamps';
  /** Each sent timestamp's slot, by its index in the list, for checks that name one. */
  slots: { start: number; end: number; j: number }[];
}

/** Merges each timestamp's slot into windows; a repeated instant is a mistake in the feed. */
function windowsOfTimestamps(stamps: { at: number; j: number }[], ctx: RefinementCtx) {
  const first = new Map<number, number>();
  for (const { at, j } of stamps) {
    const earlier = first.get(at);
    if (earlier === undefined) first.set(at, j);
    else {
      ctx.issues.push({
        code: 'custom',
        message: `is the same instant as [${earlier}]: each slot is listed once`,
        path: [j],
        input: at,
      });
    }
  }
  return normaliseIntervals(stamps.map(({ at }) => ({ start: at, end: at + SLOT_MS }))).map(
    (w) => ({ start: new Date(w.start).toISOString(), end: new Date(w.end).toISOString() }),
  );
}

export const availabilityListSchema = z
  .array(availabilityEntry)
  .transform((entries, ctx): ImportedAvailability => {
    const first = entries[0];
    if (first === undefined) return { windows: [], sentAs: 'windows', slots: [] };
    // One list, one meaning: windows and slots mixed would leave the overlap rules unclear.
    const mixed = entries.findIndex((e) => e.kind !== first.kind);
    if (mixed >= 0) {
      ctx.issues.push({
        code: 'custom',
        message: `[0] is a ${first.kind}, so every entry must be one: a list holds windows {start, end} or timestamps, not both`,
        path: [mixed],
        input: entries[mixed],
      });
      return z.NEVER;
    }
    const windows = entries.flatMap((e) => (e.kind === 'window' ? [e.window] : []));
    if (first.kind === 'window') return { windows, sentAs: 'windows', slots: [] };
    const stamps = entries.flatMap((e, j) => (e.kind === 'timestamp' ? [{ at: e.at, j }] : []));
    return {
      windows: windowsOfTimestamps(stamps, ctx),
      sentAs: 'timestamps',
      slots: stamps.map(({ at, j }) => ({ start: at, end: at + SLOT_MS, j })),
    };
  });
