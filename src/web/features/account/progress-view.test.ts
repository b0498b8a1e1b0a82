import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { BookingProgress } from '../../../domain/booking-progress';
import { bookingView } from '../../../test-support/booking-view-fixture';
import { AppointmentProgress } from './appointment-progress';
import { progressView, showsProgress } from './progress-view';

// 10:00 UK time on Tuesday 1 December 2026 with Morag Reid, as the fixture has it.
const MINUTE = 60_000;
const startsAt = Date.parse('2026-12-01T10:00:00.000Z');

const progress = (over: Partial<BookingProgress>): BookingProgress => ({
  status: 'on_the_way',
  onTheWayAt: '2026-12-01T09:40:00.000Z',
  etaMinutes: 12,
  runningLate: null,
  arrivedAt: null,
  startedAt: null,
  finishedAt: null,
  lateArrivalCreditPence: null,
  ...over,
});

describe('showsProgress', () => {
  it('on the day until the end, before the therapist sets off', () => {
    const booking = bookingView();
    expect(showsProgress(booking, startsAt - 3 * 60 * MINUTE)).toBe(true);
    expect(showsProgress(booking, startsAt - 24 * 60 * MINUTE)).toBe(false);
    expect(showsProgress(booking, startsAt + 61 * MINUTE)).toBe(false);
  });

  it('whenever there is progress, but never for a cancelled booking', () => {
    const booking = bookingView({
      status: 'completed',
      progress: progress({ status: 'finished' }),
    });
    expect(showsProgress(booking, startsAt + 7 * 24 * 60 * MINUTE)).toBe(true);
    expect(showsProgress({ ...booking, status: 'cancelled' }, startsAt)).toBe(false);
  });
});

describe('progressView', () => {
  it('before setting off: says so, without a pronoun', () => {
    expect(progressView(bookingView()).headline).toBe(
      'Morag hasn’t set off yet. We’ll show it here as soon as they do.',
    );
  });

  it('on the way: the estimate and the time it points to', () => {
    const view = progressView(bookingView({ progress: progress({}) }));
    expect(view.headline).toBe('Morag is on the way — about 12 minutes');
    expect(view.expected).toBe('Expected around 09:52');
    expect(view.lines.map((l) => `${l.time} ${l.text}`)).toEqual([
      '09:40 Morag is on the way — about 12 minutes',
    ]);
  });

  it('running late: the new estimate is the news', () => {
    const view = progressView(
      bookingView({
        progress: progress({ runningLate: { at: '2026-12-01T09:55:00.000Z', etaMinutes: 20 } }),
      }),
    );
    expect(view.headline).toBe('Morag is running late — now about 20 minutes away');
    expect(view.expected).toBe('Expected around 10:15');
  });

  it('arrived late: the arrival, and the credit it earned', () => {
    const view = progressView(
      bookingView({
        progress: progress({
          status: 'arrived',
          arrivedAt: '2026-12-01T10:25:00.000Z',
          lateArrivalCreditPence: 500,
        }),
      }),
    );
    expect(view.headline).toBe('Morag has arrived');
    expect(view.expected).toBeNull();
    expect(view.lines.map((l) => l.text)).toEqual([
      'Morag is on the way — about 12 minutes',
      'Morag has arrived',
      '£5.00 added to your wallet for the late arrival',
    ]);
  });
});

describe('AppointmentProgress', () => {
  it('announces the news in a polite status under a sentence-case heading', () => {
    const html = renderToStaticMarkup(
      createElement(AppointmentProgress, {
        booking: bookingView({
          progress: progress({ status: 'arrived', arrivedAt: '2026-12-01T09:58:00.000Z' }),
        }),
        headingLevel: 4,
      }),
    );
    expect(html).toMatch(/<h4 id="[^"]+"[^>]*>Your therapist’s visit<\/h4>/);
    expect(html).toMatch(/<p role="status"[^>]*>.*Morag has arrived<\/span><\/p>/);
    expect(html).toContain('<time dateTime="2026-12-01T09:58:00.000Z"');
  });
});
