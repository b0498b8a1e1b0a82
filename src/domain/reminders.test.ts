import { describe, expect, it } from 'vitest';
import { reminderDueAt, reminderStillUseful, reminderTtlSeconds } from './reminders';

const at = (iso: string) => new Date(iso);

describe('reminderDueAt', () => {
  it('is the lead time before the start when that is still ahead', () => {
    expect(reminderDueAt(at('2026-12-03T10:00:00Z'), at('2026-12-01T09:00:00Z'), 24)).toEqual(
      at('2026-12-02T10:00:00Z'),
    );
  });

  it('owes nothing for a booking made or moved inside the lead time', () => {
    expect(reminderDueAt(at('2026-12-03T10:00:00Z'), at('2026-12-02T10:00:00Z'), 24)).toBeNull();
    expect(reminderDueAt(at('2026-12-03T10:00:00Z'), at('2026-12-02T18:00:00Z'), 24)).toBeNull();
  });

  it('follows the configured lead', () => {
    expect(reminderDueAt(at('2026-12-03T10:00:00Z'), at('2026-12-01T09:00:00Z'), 2)).toEqual(
      at('2026-12-03T08:00:00Z'),
    );
  });
});

describe('reminderStillUseful', () => {
  it('is true until the appointment starts', () => {
    const start = at('2026-12-03T10:00:00Z');
    expect(reminderStillUseful(start, at('2026-12-03T09:59:59Z'))).toBe(true);
    expect(reminderStillUseful(start, start)).toBe(false);
  });
});

describe('reminderTtlSeconds', () => {
  it('lasts until the start, and never less than a minute', () => {
    const start = at('2026-12-03T10:00:00Z');
    expect(reminderTtlSeconds(start, at('2026-12-02T10:00:00Z'))).toBe(86_400);
    expect(reminderTtlSeconds(start, at('2026-12-03T09:59:50Z'))).toBe(60);
  });
});
