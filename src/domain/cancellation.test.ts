import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canReschedule,
  cancellationTerms,
  percentOf,
  termsAt,
  termsLines,
  refundSplit,
  type CancellationPolicy,
} from './cancellation';

const policy: CancellationPolicy = {
  freeCancellationHours: 24,
  partialRefundUntilHours: 2,
  partialRefundPercent: 50,
  rescheduleNoticeHours: 24,
};
const HOUR = 3_600_000;
const start = Date.parse('2026-12-10T10:00:00Z');

describe('cancellationTerms', () => {
  it.each([
    ['a week before', 7 * 24 * HOUR, 'free', 100],
    ['exactly 24 hours before', 24 * HOUR, 'free', 100],
    ['a millisecond under 24 hours', 24 * HOUR - 1, 'partial', 50],
    ['exactly 2 hours before', 2 * HOUR, 'partial', 50],
    ['a millisecond under 2 hours', 2 * HOUR - 1, 'late', 0],
    ['a minute before', 60_000, 'late', 0],
  ] as const)('%s: %s, %i%%', (_name, lead, band, percent) => {
    expect(cancellationTerms(policy, start, start - lead)).toEqual({
      allowed: true,
      band,
      refundPercent: percent,
    });
  });

  it('refuses once the appointment has started', () => {
    expect(cancellationTerms(policy, start, start)).toEqual({
      allowed: false,
      band: 'started',
      refundPercent: 0,
    });
    expect(cancellationTerms(policy, start, start + HOUR).allowed).toBe(false);
  });

  it('counts real hours across a clock change: 24 h before 10:00 BST on 29 March is 09:00 GMT', () => {
    // 2026-03-29 01:00 UTC the UK moves to BST; 10:00 BST that day is 09:00Z.
    const afterChange = Date.parse('2026-03-29T09:00:00Z');
    const dayBefore = Date.parse('2026-03-28T09:00:00Z'); // 09:00 GMT wall clock, 24 real hours earlier
    expect(cancellationTerms(policy, afterChange, dayBefore).band).toBe('free');
    expect(cancellationTerms(policy, afterChange, dayBefore + 1).band).toBe('partial');
  });

  it('reads the numbers from the policy it is given', () => {
    const strict = { ...policy, freeCancellationHours: 48, partialRefundPercent: 25 };
    expect(cancellationTerms(strict, start, start - 30 * HOUR)).toMatchObject({
      band: 'partial',
      refundPercent: 25,
    });
  });

  it('never refunds more for cancelling later', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 * 24 * HOUR }),
        fc.integer({ min: 0, max: 60 * 24 * HOUR }),
        (a, b) => {
          const early = Math.max(a, b);
          const late = Math.min(a, b);
          const p = (lead: number) => cancellationTerms(policy, start, start - lead).refundPercent;
          expect(p(early)).toBeGreaterThanOrEqual(p(late));
        },
      ),
    );
  });
});

describe('refunds', () => {
  it('rounds half a penny up for the customer', () => {
    expect(percentOf(4551, 50)).toBe(2276);
    expect(percentOf(4550, 50)).toBe(2275);
    expect(percentOf(999, 0)).toBe(0);
    expect(percentOf(999, 100)).toBe(999);
  });

  it('returns card and wallet parts by the same share', () => {
    expect(refundSplit({ amountPaidPence: 3000, creditAppliedPence: 1000 }, 50)).toEqual({
      cardRefundPence: 1500,
      walletRefundPence: 500,
      refundPence: 2000,
    });
    expect(refundSplit({ amountPaidPence: 0, creditAppliedPence: 4000 }, 100).refundPence).toBe(
      4000,
    );
  });

  it('never refunds more than was paid', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        (paid, credit, percent) => {
          const r = refundSplit({ amountPaidPence: paid, creditAppliedPence: credit }, percent);
          expect(r.cardRefundPence).toBeLessThanOrEqual(paid);
          expect(r.walletRefundPence).toBeLessThanOrEqual(credit);
          expect(r.refundPence).toBe(r.cardRefundPence + r.walletRefundPence);
        },
      ),
    );
  });
});

describe('canReschedule', () => {
  it('needs the notice before the original start, exactly 24 hours being enough', () => {
    expect(canReschedule(policy, start, start - 24 * HOUR)).toBe(true);
    expect(canReschedule(policy, start, start - 24 * HOUR + 1)).toBe(false);
    expect(canReschedule(policy, start, start + HOUR)).toBe(false);
  });
});

describe('termsAt', () => {
  // Wednesday 25 November 2026, 10:00 in London (GMT): the example.
  const tenAm = Date.parse('2026-11-25T10:00:00Z');
  const paid = { startsAt: tenAm, amountPaidPence: 3000, creditAppliedPence: 1000 };
  const words = (now: number) => termsLines(policy, termsAt(policy, paid, now), 'Europe/London');

  it('at 23:45 for 10:00 the next morning offers no past deadline: cancel now, 50% back', () => {
    const now = Date.parse('2026-11-24T23:45:00Z');
    const terms = termsAt(policy, paid, now);
    expect(terms).toMatchObject({
      band: 'partial',
      refundPercent: 50,
      refundPence: 2000,
      cardRefundPence: 1500,
      walletRefundPence: 500,
      freeUntil: null,
      partialUntil: tenAm - 2 * HOUR,
      changesAt: tenAm - 2 * HOUR + 1,
      reschedule: { allowed: false, reason: 'notice' },
    });
    expect(words(now)).toEqual([
      'Cancel now: 50% back, £20.00.',
      'No refund after 08:00 on Wednesday 25 November 2026 (2 hours before).',
      'It can no longer be moved: appointments can be moved up to 24 hours before they start.',
    ]);
  });

  it('exactly 24 hours before is still free, and the deadline is that very minute', () => {
    const terms = termsAt(policy, paid, tenAm - 24 * HOUR);
    expect(terms).toMatchObject({
      band: 'free',
      refundPence: 4000,
      freeUntil: tenAm - 24 * HOUR,
      changesAt: tenAm - 24 * HOUR + 1,
      reschedule: { allowed: true, until: tenAm - 24 * HOUR },
    });
    expect(words(tenAm - 24 * HOUR)).toEqual([
      'Free cancellation until 10:00 on Tuesday 24 November 2026 (24 hours before).',
      '50% back from then until 08:00 on Wednesday 25 November 2026; no refund after that.',
      'You can move it to another time until 10:00 on Tuesday 24 November 2026.',
    ]);
    expect(termsAt(policy, paid, tenAm - 24 * HOUR + 1)).toMatchObject({
      band: 'partial',
      freeUntil: null,
      reschedule: { allowed: false, reason: 'notice' },
    });
  });

  it('inside the last 2 hours: no refund, and the next change is the start', () => {
    const terms = termsAt(policy, paid, tenAm - HOUR);
    expect(terms).toMatchObject({ band: 'late', refundPence: 0, partialUntil: null });
    expect(terms.changesAt).toBe(tenAm);
    expect(words(tenAm - HOUR)[0]).toBe(
      'Cancel now: no refund, as it starts in less than 2 hours.',
    );
  });

  it('after the start: nothing to cancel or move, and nothing more will change', () => {
    expect(termsAt(policy, paid, tenAm)).toMatchObject({
      allowed: false,
      band: 'started',
      changesAt: null,
      reschedule: { allowed: false, reason: 'started' },
    });
    expect(words(tenAm + 1)).toEqual(['It has started, so it can no longer be cancelled.']);
  });
});
