import { describe, expect, it } from 'vitest';
import { availabilityReplacementSchema } from './catalogue-therapist';

const issuesOf = (body: unknown) => {
  const parsed = availabilityReplacementSchema.safeParse(body);
  return parsed.success
    ? []
    : parsed.error.issues.map((i) => ({ path: i.path, message: i.message }));
};

describe('the body of PUT /api/internal/therapists/:id/availability', () => {
  it('reads UK days, both included, across the clocks going back', () => {
    const parsed = availabilityReplacementSchema.parse({
      from: '2026-10-24',
      to: '2026-10-25',
      availability: ['2026-10-25T23:45:00Z'],
    });
    // 24 October starts at 23:00Z (BST); 25 October ends at midnight GMT.
    expect(parsed.range).toEqual({
      start: Date.parse('2026-10-23T23:00:00Z'),
      end: Date.parse('2026-10-26T00:00:00Z'),
    });
    expect(parsed.availability.windows).toEqual([
      { start: '2026-10-25T23:45:00.000Z', end: '2026-10-26T00:00:00.000Z' },
    ]);
  });

  it('refuses days that are not, or that run backwards or past a year', () => {
    expect(issuesOf({ from: '2026-02-30', to: '2026-03-01', availability: [] })).toEqual([
      { path: ['from'], message: 'must be a day, YYYY-MM-DD' },
    ]);
    expect(issuesOf({ from: '2026-12-02', to: '2026-12-01', availability: [] })[0]?.path).toEqual([
      'to',
    ]);
    expect(issuesOf({ from: '2026-01-01', to: '2027-01-02', availability: [] })[0]?.path).toEqual([
      'to',
    ]);
    expect(issuesOf({ from: '2026-01-01', to: '2027-01-01', availability: [] })).toEqual([]);
  });

  it('names the window or timestamp that lies outside the days', () => {
    const days = { from: '2026-12-01', to: '2026-12-01' };
    expect(
      issuesOf({
        ...days,
        availability: ['2026-12-01T09:00:00Z', '2026-12-01T23:50:00Z', '2026-11-30T23:59:00Z'],
      }).map((i) => i.path),
    ).toEqual([
      ['availability', 1],
      ['availability', 2],
    ]);
    expect(
      issuesOf({
        ...days,
        availability: [{ start: '2026-12-01T20:00:00Z', end: '2026-12-02T01:00:00Z' }],
      }),
    ).toEqual([
      {
        path: ['availability', 0],
        message:
          'must lie inside 2026-12-01 to 2026-12-01 (UK days: 2026-12-01T00:00:00.000Z to ' +
          '2026-12-02T00:00:00.000Z)',
      },
    ]);
  });
});
