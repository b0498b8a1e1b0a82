import { describe, expect, it } from 'vitest';
import { calendarKeyTarget, listKeyTarget } from './calendar-keys';
import { bookingDays } from './booking-format';

// Saturday 21 November 2026 to Sunday 27 December 2026.
const days = bookingDays(Date.parse('2026-11-21T12:00:00Z'));

describe('calendarKeyTarget', () => {
  it('moves a day with the side arrows and a week with up and down, across months', () => {
    expect(calendarKeyTarget('2026-11-25', 'ArrowRight', days)).toBe('2026-11-26');
    expect(calendarKeyTarget('2026-11-25', 'ArrowLeft', days)).toBe('2026-11-24');
    expect(calendarKeyTarget('2026-11-25', 'ArrowDown', days)).toBe('2026-12-02');
    expect(calendarKeyTarget('2026-12-02', 'ArrowUp', days)).toBe('2026-11-25');
    expect(calendarKeyTarget('2026-11-30', 'ArrowRight', days)).toBe('2026-12-01');
  });

  it('goes to the Monday and Sunday of the week with Home and End', () => {
    // Wednesday 25 November 2026.
    expect(calendarKeyTarget('2026-11-25', 'Home', days)).toBe('2026-11-23');
    expect(calendarKeyTarget('2026-11-25', 'End', days)).toBe('2026-11-29');
  });

  it('moves a month with Page Up and Page Down, to the last day of a shorter month', () => {
    expect(calendarKeyTarget('2026-11-25', 'PageDown', days)).toBe('2026-12-25');
    expect(calendarKeyTarget('2026-12-31', 'PageUp', ['2026-11-01', '2026-12-31'])).toBe(
      '2026-11-30',
    );
  });

  it('stops at the first and last day shown', () => {
    expect(calendarKeyTarget('2026-11-21', 'ArrowLeft', days)).toBe('2026-11-21');
    expect(calendarKeyTarget('2026-11-22', 'ArrowUp', days)).toBe('2026-11-21');
    expect(calendarKeyTarget('2026-12-27', 'ArrowDown', days)).toBe('2026-12-27');
    expect(calendarKeyTarget('2026-11-21', 'Home', days)).toBe('2026-11-21');
  });

  it('leaves other keys to the browser', () => {
    expect(calendarKeyTarget('2026-11-25', 'Enter', days)).toBeNull();
    expect(calendarKeyTarget('2026-11-25', 'Tab', days)).toBeNull();
    expect(calendarKeyTarget('2026-11-25', 'ArrowRight', [])).toBeNull();
  });
});

describe('listKeyTarget', () => {
  const items = ['a', 'b', 'c'];
  it('moves one item with the arrows and to the ends with Home and End, never past them', () => {
    expect(listKeyTarget('a', 'ArrowDown', items)).toBe('b');
    expect(listKeyTarget('b', 'ArrowRight', items)).toBe('c');
    expect(listKeyTarget('c', 'ArrowDown', items)).toBe('c');
    expect(listKeyTarget('b', 'ArrowUp', items)).toBe('a');
    expect(listKeyTarget('a', 'ArrowLeft', items)).toBe('a');
    expect(listKeyTarget('b', 'Home', items)).toBe('a');
    expect(listKeyTarget('a', 'End', items)).toBe('c');
  });

  it('ignores other keys and items it does not know', () => {
    expect(listKeyTarget('a', 'Enter', items)).toBeNull();
    expect(listKeyTarget('z', 'ArrowDown', items)).toBeNull();
  });
});
