import { describe, expect, it } from 'vitest';
import {
  addressLine,
  bookingDays,
  calendarMonths,
  firstName,
  formatDuration,
  formatLongDate,
  formatLongDateOfInstant,
  formatTime,
  formatTimeLeft,
} from './booking-format';

describe('bookingDays', () => {
  it('offers today and the next 36 UK days', () => {
    const days = bookingDays(Date.parse('2026-11-21T12:00:00Z'));
    expect(days[0]).toBe('2026-11-21');
    expect(days).toHaveLength(37);
    expect(days.at(-1)).toBe('2026-12-27');
  });

  it('starts on the UK day, which late on a summer evening is already tomorrow', () => {
    expect(bookingDays(Date.parse('2026-07-01T23:30:00Z'))[0]).toBe('2026-07-02');
  });
});

describe('calendarMonths', () => {
  it('pads weeks so every date sits under its weekday, Monday first', () => {
    const months = calendarMonths(['2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01']);
    expect(months.map((m) => m.label)).toEqual(['November 2026', 'December 2026']);
    // 28 November 2026 is a Saturday.
    expect(months[0]?.weeks).toEqual([
      [null, null, null, null, null, '2026-11-28', '2026-11-29'],
      ['2026-11-30', null, null, null, null, null, null],
    ]);
    expect(months[1]?.weeks).toEqual([[null, '2026-12-01', null, null, null, null, null]]);
  });
});

describe('formats', () => {
  it('writes dates en-GB and times as UK wall-clock, across the clock change', () => {
    expect(formatLongDate('2026-12-01')).toBe('Tuesday 1 December 2026');
    expect(formatTime('2026-12-01T10:00:00.000Z')).toBe('10:00');
    expect(formatTime('2026-07-01T09:00:00.000Z')).toBe('10:00');
    expect(formatLongDateOfInstant('2026-07-01T23:30:00.000Z')).toBe('Thursday 2 July 2026');
  });

  it('writes durations and countdowns plainly', () => {
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(60)).toBe('1 hr');
    expect(formatDuration(75)).toBe('1 hr 15 min');
  });

  it('says the time left on a hold in words, never like a time of day', () => {
    expect(formatTimeLeft(598_000)).toBe('9 min 58 s left');
    expect(formatTimeLeft(600_000)).toBe('10 min left');
    expect(formatTimeLeft(545_000)).toBe('9 min 5 s left');
    expect(formatTimeLeft(59_500)).toBe('1 min left');
    expect(formatTimeLeft(58_000)).toBe('58 s left');
    expect(formatTimeLeft(400)).toBe('1 s left');
    expect(formatTimeLeft(0)).toBe('no time left');
    expect(formatTimeLeft(-5)).toBe('no time left');
  });

  it('names a therapist by first name', () => {
    expect(firstName('Anna Smith')).toBe('Anna');
    expect(firstName('  Cher ')).toBe('Cher');
  });
});

describe('addressLine', () => {
  it('joins the parts on one line and leaves out an empty second line', () => {
    const address = { line1: '1 Princes Street', town: 'Edinburgh', postcode: 'EH2 2AA' };
    expect(addressLine({ ...address, line2: 'Flat 2' })).toBe(
      '1 Princes Street, Flat 2, Edinburgh, EH2 2AA',
    );
    expect(addressLine({ ...address, line2: null })).toBe('1 Princes Street, Edinburgh, EH2 2AA');
    expect(addressLine({ ...address, line2: '' })).toBe('1 Princes Street, Edinburgh, EH2 2AA');
  });
});
