import { describe, expect, it } from 'vitest';
import { journeyLine } from './journey-line';

describe('journeyLine', () => {
  it('says when to leave, how long and from where, in UK time', () => {
    expect(
      journeyLine(
        { from: 'previous_booking', minutes: 30, mode: 'car', leaveBy: '2026-07-01T09:20:00Z' },
        'Europe/London',
      ),
    ).toBe('Leave by 10:20, about 30 min by car from your previous appointment.');
    expect(
      journeyLine(
        { from: 'home', minutes: 45, mode: 'public_transport', leaveBy: '2026-11-24T08:15:00Z' },
        'Europe/London',
      ),
    ).toBe('Leave by 08:15, about 45 min by public transport from home.');
  });
});
