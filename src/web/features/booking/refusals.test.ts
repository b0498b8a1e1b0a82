import { describe, expect, it } from 'vitest';
import type { ProblemCode } from '../../lib/api';
import { holdRefusal, nearestTimesOf } from './refusals';

// The checkout decides from the problem's code, not its status: several refusals share 409 or 422
// and need different handling (decision 0072).

const problem = (status: number, code?: ProblemCode, extensions: Record<string, unknown> = {}) => ({
  status,
  code,
  extensions,
});

describe('holdRefusal', () => {
  it('sends the customer back to the times only when someone took the time', () => {
    expect(holdRefusal(problem(409, 'slot_taken'))).toBe('taken');
    // Another 409 is not a taken time.
    expect(holdRefusal(problem(409))).toBe('message');
  });

  it('offers another time for the refusals another time or therapist gets past', () => {
    for (const code of ['slot_not_offered', 'minimum_spend', 'unknown_city'] as const)
      expect(holdRefusal(problem(422, code))).toBe('choose-again');
  });

  it('sends the customer back to the day when the therapist cannot take them at all', () => {
    expect(holdRefusal(problem(422, 'therapist_unavailable'))).toBe('other-therapist');
  });

  it('says the rest without a link, an unknown address included', () => {
    expect(holdRefusal(problem(422, 'unknown_address'))).toBe('message');
    expect(holdRefusal(problem(400))).toBe('message');
    expect(holdRefusal(problem(0))).toBe('message');
  });

  it("puts an address outside the booking's city on the address field", () => {
    expect(holdRefusal(problem(422, 'address_outside_city'))).toBe('address');
  });

  it('offers the nearest reachable times when the therapist cannot get there by then', () => {
    expect(holdRefusal(problem(409, 'slot_unreachable'))).toBe('unreachable');
  });

  it('treats a 401 as signed out', () => {
    expect(holdRefusal(problem(401))).toBe('signed-out');
  });
});

describe('nearestTimesOf', () => {
  it('reads the instants the server offers, earliest first, once each', () => {
    const error = problem(409, 'slot_unreachable', {
      nearestTimes: [
        '2026-12-01T12:15:00.000Z',
        '2026-12-01T11:45:00.000Z',
        '2026-12-01T12:15:00.000Z',
      ],
    });
    expect(nearestTimesOf(error)).toEqual(['2026-12-01T11:45:00.000Z', '2026-12-01T12:15:00.000Z']);
  });

  it('leaves out what is not a time, and has none without the member', () => {
    expect(
      nearestTimesOf(problem(409, 'slot_unreachable', { nearestTimes: [3, 'soon', null] })),
    ).toEqual([]);
    expect(nearestTimesOf(problem(409, 'slot_unreachable', { nearestTimes: 'x' }))).toEqual([]);
    expect(nearestTimesOf(problem(409, 'slot_unreachable'))).toEqual([]);
  });
});
