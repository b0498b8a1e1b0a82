import { describe, expect, it } from 'vitest';
import {
  bookingProgressOf,
  decideStep,
  expectedArrivalAt,
  lateArrivalCredit,
  lateArrivalPolicyText,
  progressLines,
  progressSentence,
  type ProgressStep,
  type TakenStep,
} from './booking-progress';
import { UK_TIME_ZONE } from './constants';

const START = Date.parse('2026-12-01T10:00:00Z');
const min = (n: number) => START + n * 60_000;
const step = (s: ProgressStep, at = min(0), etaMinutes: number | null = null): TakenStep => ({
  step: s,
  atMs: at,
  etaMinutes,
});
const policy = { afterMinutes: 20, creditPence: 500 };

describe('decideStep', () => {
  it('takes the steps in order, each once', () => {
    const taken: TakenStep[] = [];
    for (const s of ['on_the_way', 'arrived', 'started', 'finished'] as const) {
      const d = decideStep('confirmed', taken, step(s));
      expect(d.outcome, s).toBe('accepted');
      if (d.outcome === 'accepted') taken.push(d.taken);
      expect(decideStep('confirmed', taken, step(s)).outcome, `${s} again`).toBe('repeat');
    }
  });

  it('lets a step be skipped forward but never taken backwards', () => {
    expect(decideStep('confirmed', [], step('started')).outcome).toBe('accepted');
    const d = decideStep('confirmed', [step('started')], step('arrived'));
    expect(d).toEqual({
      outcome: 'impossible',
      reason: 'The booking is already at started, which comes after arrived.',
    });
  });

  it('allows running late once, only before arrival', () => {
    expect(decideStep('confirmed', [], step('running_late', min(0), 15)).outcome).toBe('accepted');
    expect(decideStep('confirmed', [step('on_the_way')], step('running_late')).outcome).toBe(
      'accepted',
    );
    expect(decideStep('confirmed', [step('running_late')], step('running_late')).outcome).toBe(
      'repeat',
    );
    expect(decideStep('confirmed', [step('arrived')], step('running_late'))).toMatchObject({
      outcome: 'impossible',
      reason: expect.stringContaining('already arrived'),
    });
    // Running late does not move the main line: setting off afterwards is still possible.
    expect(decideStep('confirmed', [step('running_late')], step('on_the_way')).outcome).toBe(
      'accepted',
    );
  });

  it('takes steps on confirmed and completed bookings only; a repeat answers whatever the status', () => {
    expect(decideStep('completed', [], step('finished')).outcome).toBe('accepted');
    for (const status of ['held', 'requires_action', 'cancelled', 'expired', 'failed']) {
      expect(decideStep(status, [], step('on_the_way')).outcome, status).toBe('impossible');
    }
    expect(decideStep('cancelled', [step('on_the_way')], step('on_the_way')).outcome).toBe(
      'repeat',
    );
  });

  it('keeps the timeline in order and the estimate only where it belongs', () => {
    const d = decideStep('confirmed', [step('on_the_way', min(5), 10)], step('arrived', min(3), 7));
    expect(d).toEqual({
      outcome: 'accepted',
      taken: { step: 'arrived', atMs: min(5), etaMinutes: null },
    });
  });
});

describe('bookingProgressOf', () => {
  it('is null before the first step', () => {
    expect(bookingProgressOf([], null)).toBeNull();
  });

  it('says not_set_off while only running late has been sent, then the furthest step', () => {
    expect(bookingProgressOf([step('running_late', min(-5), 30)], null)).toEqual({
      status: 'not_set_off',
      onTheWayAt: null,
      etaMinutes: null,
      runningLate: { at: new Date(min(-5)).toISOString(), etaMinutes: 30 },
      arrivedAt: null,
      startedAt: null,
      finishedAt: null,
      lateArrivalCreditPence: null,
    });
    const p = bookingProgressOf(
      [step('running_late', min(-5), 30), step('on_the_way', min(0), 25), step('started', min(26))],
      500,
    );
    expect(p).toMatchObject({
      status: 'started',
      onTheWayAt: new Date(min(0)).toISOString(),
      etaMinutes: 25,
      arrivedAt: null,
      startedAt: new Date(min(26)).toISOString(),
      lateArrivalCreditPence: 500,
    });
  });
});

describe('lateArrivalCredit', () => {
  it('is earned only by an arrival more than the allowance after the start', () => {
    expect(lateArrivalCredit([step('arrived', min(20))], START, policy)).toBeNull();
    expect(lateArrivalCredit([step('arrived', min(20) + 1000)], START, policy)).toEqual({
      minutesLate: 20,
      creditPence: 500,
    });
    expect(lateArrivalCredit([step('on_the_way', min(45))], START, policy)).toBeNull();
  });

  it('counts the first later step when arrival was skipped', () => {
    expect(lateArrivalCredit([step('started', min(31))], START, policy)).toMatchObject({
      minutesLate: 31,
    });
    expect(lateArrivalCredit([step('finished', min(90))], START, policy)).not.toBeNull();
    expect(
      lateArrivalCredit([step('arrived', min(5)), step('started', min(40))], START, policy),
    ).toBeNull();
  });
});

describe('words', () => {
  it('says each step as the timeline and the messages show it', () => {
    expect(progressSentence('on_the_way', 'Ailsa Brown', 12)).toBe(
      'Ailsa is on the way — about 12 minutes',
    );
    expect(progressSentence('on_the_way', 'Ailsa', 75)).toBe(
      'Ailsa is on the way — about 1 hour and 15 minutes',
    );
    expect(progressSentence('on_the_way', 'Ailsa')).toBe('Ailsa is on the way');
    expect(progressSentence('running_late', 'Ailsa', 25)).toBe(
      'Ailsa is running late — now about 25 minutes away',
    );
    expect(progressSentence('running_late', 'Ailsa', 0)).toBe(
      'Ailsa is running late — now almost there',
    );
    expect(progressSentence('arrived', 'Ailsa Brown')).toBe('Ailsa has arrived');
  });

  it('lines the timeline up oldest first with UK times and the credit at arrival', () => {
    const p = bookingProgressOf(
      [step('on_the_way', min(10), 12), step('arrived', min(25)), step('started', min(30))],
      500,
    );
    if (!p) throw new Error('no progress');
    expect(progressLines(p, 'Ailsa', UK_TIME_ZONE).map((l) => `${l.time} ${l.text}`)).toEqual([
      '10:10 Ailsa is on the way — about 12 minutes',
      '10:25 Ailsa has arrived',
      '10:25 £5.00 added to your wallet for the late arrival',
      '10:30 Your treatment has started',
    ]);
  });

  it('expects the therapist at the latest estimate, until arrival', () => {
    const p = bookingProgressOf(
      [step('on_the_way', min(0), 12), step('running_late', min(5), 20)],
      null,
    );
    if (!p) throw new Error('no progress');
    expect(expectedArrivalAt(p)).toBe(new Date(min(25)).toISOString());
    const arrived = bookingProgressOf(
      [step('on_the_way', min(0), 12), step('arrived', min(12))],
      null,
    );
    expect(arrived && expectedArrivalAt(arrived)).toBeNull();
  });

  it('states the policy with its numbers', () => {
    expect(lateArrivalPolicyText(policy)).toBe(
      'If your therapist arrives more than 20 minutes after the booked start time, we add £5.00 ' +
        'of credit to your wallet, automatically and once per booking, to spend on any future treatment.',
    );
  });
});
