import {
  expectedArrivalAt,
  progressLines,
  progressSentence,
  type BookingProgress,
  type ProgressLine,
} from '../../../domain/booking-progress';
import { UK_TIME_ZONE } from '../../../domain/constants';
import { firstNameOf, formatUkTime } from '../../../domain/format';
import { ukDateOf } from '../../../domain/uk-time';
import type { Booking } from './types';

// What an appointment's timeline shows, worked out from the booking view and the time now: the
// words themselves are src/domain/booking-progress.ts's, which the emails and pushes use too.

export interface ProgressView {
  /** The latest news in one sentence: what a screen reader announces when it changes. */
  headline: string;
  /** "Expected around 10:42", while the therapist is on the way with an estimate. */
  expected: string | null;
  /** What has happened so far, oldest first, with the time of each. */
  lines: ProgressLine[];
}

const TAKES_STEPS = ['confirmed', 'completed'];

/**
 * Whether the appointment shows a timeline: once the therapist app has reported anything, and on
 * the day itself before that (saying the therapist has not set off), until it ends.
 */
export function showsProgress(booking: Booking, nowMs: number): boolean {
  if (!TAKES_STEPS.includes(booking.status)) return false;
  if (booking.progress) return true;
  return (
    booking.status === 'confirmed' &&
    ukDateOf(Date.parse(booking.startsAt), UK_TIME_ZONE) === ukDateOf(nowMs, UK_TIME_ZONE) &&
    nowMs < Date.parse(booking.endsAt)
  );
}

/** The running-late note is the news while it is newer than setting off (or the only step). */
function lateIsLatest(p: BookingProgress): boolean {
  if (!p.runningLate) return false;
  return p.onTheWayAt === null || Date.parse(p.runningLate.at) >= Date.parse(p.onTheWayAt);
}

export function progressView(booking: Booking): ProgressView {
  const name = booking.therapist.name;
  const p = booking.progress;
  if (!p) {
    return {
      headline: `${firstNameOf(name)} hasn’t set off yet. We’ll show it here as soon as they do.`,
      expected: null,
      lines: [],
    };
  }
  const lines = progressLines(p, name, UK_TIME_ZONE);
  const expectedAt = expectedArrivalAt(p);
  const expected = expectedAt
    ? `Expected around ${formatUkTime(Date.parse(expectedAt), UK_TIME_ZONE)}`
    : null;
  switch (p.status) {
    case 'not_set_off':
    case 'on_the_way': {
      const headline = lateIsLatest(p)
        ? progressSentence('running_late', name, p.runningLate?.etaMinutes ?? null)
        : progressSentence('on_the_way', name, p.etaMinutes);
      return { headline, expected, lines };
    }
    case 'arrived':
    case 'started':
    case 'finished':
      return { headline: progressSentence(p.status, name), expected: null, lines };
  }
}
