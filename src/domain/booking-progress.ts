import { MINUTE_MS } from './constants';
import { firstNameOf, formatPence, formatUkTime, formatWait } from './format';

// The therapist's way to an appointment, step by step, as the company's therapist app reports it
// (docs/decisions/0084). The main line runs on_the_way → arrived → started → finished; a step may
// be skipped forward (a therapist who forgot to press "on my way" can still press "arrived"), never
// taken backwards. running_late is a side note, allowed once and only before arrival. Each step is
// recorded once: the same step again is a repeat that changes nothing, whatever it carries.

export const PROGRESS_STEPS = [
  'on_the_way',
  'running_late',
  'arrived',
  'started',
  'finished',
] as const;
export type ProgressStep = (typeof PROGRESS_STEPS)[number];

/** The furthest main step reached; not_set_off while only running_late has been sent. */
export const PROGRESS_STATUSES = [
  'not_set_off',
  'on_the_way',
  'arrived',
  'started',
  'finished',
] as const;
export type ProgressStatus = (typeof PROGRESS_STATUSES)[number];

/** Booking statuses that take steps: confirmed, and completed (by the clock, or by finished). */
export const PROGRESS_BOOKING_STATUSES: readonly string[] = ['confirmed', 'completed'];

/** The steps that carry an estimate of the minutes until arrival. */
export const STEPS_WITH_ETA: readonly ProgressStep[] = ['on_the_way', 'running_late'];

const RANK: Record<ProgressStep, number> = {
  running_late: 0,
  on_the_way: 1,
  arrived: 2,
  started: 3,
  finished: 4,
};

export interface TakenStep {
  step: ProgressStep;
  atMs: number;
  /** Only on on_the_way and running_late; null when not given. */
  etaMinutes: number | null;
}

export type StepDecision =
  | { outcome: 'accepted'; taken: TakenStep }
  | { outcome: 'repeat' }
  | { outcome: 'impossible'; reason: string };

const rankOf = (taken: readonly TakenStep[]) => Math.max(0, ...taken.map((t) => RANK[t.step]));

const WORDS: Record<ProgressStep, string> = {
  on_the_way: 'on the way',
  running_late: 'running late',
  arrived: 'arrived',
  started: 'started',
  finished: 'finished',
};

/**
 * Whether a step can be recorded on a booking with these steps already taken. An accepted step's
 * time is never earlier than the latest step already taken (an app's queue sent after a clock
 * correction would otherwise show the timeline out of order).
 */
export function decideStep(
  bookingStatus: string,
  taken: readonly TakenStep[],
  request: TakenStep,
): StepDecision {
  if (taken.some((t) => t.step === request.step)) return { outcome: 'repeat' };
  if (!PROGRESS_BOOKING_STATUSES.includes(bookingStatus)) {
    return {
      outcome: 'impossible',
      reason: `The booking is ${bookingStatus}: only a confirmed booking takes progress steps.`,
    };
  }
  const reached = rankOf(taken);
  if (request.step === 'running_late' && reached >= RANK.arrived) {
    return {
      outcome: 'impossible',
      reason: 'The therapist has already arrived: running late can only be sent before arrival.',
    };
  }
  if (request.step !== 'running_late' && RANK[request.step] < reached) {
    const furthest = taken.reduce((a, b) => (RANK[b.step] > RANK[a.step] ? b : a));
    return {
      outcome: 'impossible',
      reason: `The booking is already at ${WORDS[furthest.step]}, which comes after ${WORDS[request.step]}.`,
    };
  }
  const latest = Math.max(-Infinity, ...taken.map((t) => t.atMs));
  return {
    outcome: 'accepted',
    taken: {
      step: request.step,
      atMs: Math.max(request.atMs, latest),
      etaMinutes: STEPS_WITH_ETA.includes(request.step) ? request.etaMinutes : null,
    },
  };
}

/** The booking's progress as the customer's view shows it (the API's `progress`). */
export interface BookingProgress {
  status: ProgressStatus;
  onTheWayAt: string | null;
  etaMinutes: number | null;
  runningLate: { at: string; etaMinutes: number | null } | null;
  arrivedAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  /** The wallet credit the late arrival earned the customer; null when none. */
  lateArrivalCreditPence: number | null;
}

/** The progress of these steps; null before the first one. */
export function bookingProgressOf(
  taken: readonly TakenStep[],
  lateArrivalCreditPence: number | null,
): BookingProgress | null {
  if (taken.length === 0) return null;
  const find = (step: ProgressStep) => taken.find((t) => t.step === step);
  const iso = (step: ProgressStep) => {
    const t = find(step);
    return t ? new Date(t.atMs).toISOString() : null;
  };
  const reached = rankOf(taken);
  const late = find('running_late');
  return {
    status: reached === 0 ? 'not_set_off' : (PROGRESS_STATUSES[reached] ?? 'not_set_off'),
    onTheWayAt: iso('on_the_way'),
    etaMinutes: find('on_the_way')?.etaMinutes ?? null,
    runningLate: late
      ? { at: new Date(late.atMs).toISOString(), etaMinutes: late.etaMinutes }
      : null,
    arrivedAt: iso('arrived'),
    startedAt: iso('started'),
    finishedAt: iso('finished'),
    lateArrivalCreditPence,
  };
}

export interface LateArrivalPolicy {
  /** Arriving more than this many minutes after the booked start earns the credit. */
  afterMinutes: number;
  creditPence: number;
}

/**
 * When the therapist arrived: the arrived step, or the first later step when arrival was skipped.
 * Fixed once known, since no step before it can be taken afterwards.
 */
export function arrivalAtMs(taken: readonly TakenStep[]): number | null {
  for (const step of ['arrived', 'started', 'finished'] as const) {
    const t = taken.find((s) => s.step === step);
    if (t) return t.atMs;
  }
  return null;
}

/** The credit a late arrival earns the customer, or null (not arrived yet, or not late). */
export function lateArrivalCredit(
  taken: readonly TakenStep[],
  startsAtMs: number,
  policy: LateArrivalPolicy,
): { minutesLate: number; creditPence: number } | null {
  const arrived = arrivalAtMs(taken);
  if (arrived === null || arrived - startsAtMs <= policy.afterMinutes * MINUTE_MS) return null;
  return {
    minutesLate: Math.floor((arrived - startsAtMs) / MINUTE_MS),
    creditPence: policy.creditPence,
  };
}

// Words. Shared by the web app's timeline and the server's emails and pushes, so both say the
// same thing. The therapist is named by first name; no pronoun, since none is on file.

const inAbout = (etaMinutes: number) =>
  etaMinutes === 0 ? 'almost there' : `about ${formatWait(etaMinutes * 60)}`;

/** "Ailsa is on the way — about 12 minutes", "Ailsa has arrived"… */
export function progressSentence(
  step: ProgressStep,
  therapistName: string,
  etaMinutes: number | null = null,
): string {
  const name = firstNameOf(therapistName);
  switch (step) {
    case 'on_the_way':
      return etaMinutes === null
        ? `${name} is on the way`
        : `${name} is on the way — ${inAbout(etaMinutes)}`;
    case 'running_late':
      return etaMinutes === null
        ? `${name} is running late`
        : `${name} is running late — now ${etaMinutes === 0 ? 'almost there' : `${inAbout(etaMinutes)} away`}`;
    case 'arrived':
      return `${name} has arrived`;
    case 'started':
      return 'Your treatment has started';
    case 'finished':
      return 'Your treatment has finished';
  }
}

/** When the therapist is expected, from the latest estimate before arrival; null without one. */
export function expectedArrivalAt(p: BookingProgress): string | null {
  if (p.status !== 'not_set_off' && p.status !== 'on_the_way') return null;
  const estimates = [
    p.onTheWayAt !== null && p.etaMinutes !== null ? { at: p.onTheWayAt, eta: p.etaMinutes } : null,
    p.runningLate && p.runningLate.etaMinutes !== null
      ? { at: p.runningLate.at, eta: p.runningLate.etaMinutes }
      : null,
  ].filter((e) => e !== null);
  const latest = estimates.sort((a, b) => Date.parse(b.at) - Date.parse(a.at))[0];
  return latest ? new Date(Date.parse(latest.at) + latest.eta * MINUTE_MS).toISOString() : null;
}

export interface ProgressLine {
  step: ProgressStep | 'late_arrival_credit';
  at: string;
  /** The wall-clock time of the step, e.g. "10:02". */
  time: string;
  text: string;
}

/** The timeline, oldest first: one line per step taken, and the credit when one was earned. */
export function progressLines(
  p: BookingProgress,
  therapistName: string,
  timeZone: string,
): ProgressLine[] {
  const lines: ProgressLine[] = [];
  const add = (step: ProgressLine['step'], at: string | null, text: string) => {
    if (at !== null) lines.push({ step, at, time: formatUkTime(Date.parse(at), timeZone), text });
  };
  add('on_the_way', p.onTheWayAt, progressSentence('on_the_way', therapistName, p.etaMinutes));
  if (p.runningLate) {
    add(
      'running_late',
      p.runningLate.at,
      progressSentence('running_late', therapistName, p.runningLate.etaMinutes),
    );
  }
  add('arrived', p.arrivedAt, progressSentence('arrived', therapistName));
  add('started', p.startedAt, progressSentence('started', therapistName));
  add('finished', p.finishedAt, progressSentence('finished', therapistName));
  const arrival = p.arrivedAt ?? p.startedAt ?? p.finishedAt;
  if (p.lateArrivalCreditPence !== null) {
    add('late_arrival_credit', arrival, lateArrivalCreditSentence(p.lateArrivalCreditPence));
  }
  // Stable: steps taken at the same instant keep their order on the main line.
  return lines
    .map((line, i) => ({ line, i }))
    .sort((a, b) => Date.parse(a.line.at) - Date.parse(b.line.at) || a.i - b.i)
    .map(({ line }) => line);
}

export function lateArrivalCreditSentence(creditPence: number): string {
  return `${formatPence(creditPence)} added to your wallet for the late arrival`;
}

/** The lateness rule in words, for the cancellation policy page and the docs. */
export function lateArrivalPolicyText(policy: LateArrivalPolicy): string {
  return (
    `If your therapist arrives more than ${policy.afterMinutes} minutes after the booked start ` +
    `time, we add ${formatPence(policy.creditPence)} of credit to your wallet, automatically and ` +
    'once per booking, to spend on any future treatment.'
  );
}
