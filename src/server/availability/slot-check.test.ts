import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES_CONFIG, HOUR_MS, MINUTE_MS } from '../../domain/constants';
import { intervalsOverlap } from '../../domain/intervals';
import { judgeSlot, type SlotSpan } from './slot-check';

// The hold reads a slot's spans over a day from its start (load-hold-facts.ts) instead of over
// the wanted time alone: judging from more spans must give the same answer as from exactly those
// the wanted time touches.

const now = new Date('2026-11-23T08:00:00Z');
const day = Date.parse('2026-11-24T00:00:00Z');
const at = (hours: number, minutes = 0) => day + hours * HOUR_MS + minutes * MINUTE_MS;
const span = (kind: SlotSpan['kind'], start: number, end: number): SlotSpan => ({
  kind,
  start_ms: start,
  end_ms: end,
  district: null,
});

const spans: SlotSpan[] = [
  span('window', at(9), at(13)),
  span('window', at(14), at(18)),
  span('window', at(33), at(40)), // the next day
  span('booking', at(10), at(11, 15)),
  span('booking', at(15, 30), at(16, 45)),
  span('booking', at(34), at(35)),
];

describe('judgeSlot', () => {
  it('answers from a day of spans what it answers from the wanted time alone', () => {
    const durationMinutes = 75;
    const answers: string[] = [];
    for (let start = at(8); start <= at(19); start += 15 * MINUTE_MS) {
      const request = {
        therapistId: 't',
        startsAt: start,
        durationMinutes,
        now,
        config: DEFAULT_RULES_CONFIG,
      };
      const wanted = { start, end: start + durationMinutes * MINUTE_MS };
      const touching = spans.filter((s) =>
        intervalsOverlap({ start: s.start_ms, end: s.end_ms }, wanted),
      );
      const answer = judgeSlot(spans, request);
      expect(answer).toBe(judgeSlot(touching, request));
      answers.push(answer);
    }
    // The walk meets every answer, so the comparison above is not vacuous.
    expect(new Set(answers)).toEqual(new Set(['free', 'taken', 'not-offered']));
  });

  it('offers nothing outside the bookable window, whatever the spans', () => {
    const request = {
      therapistId: 't',
      startsAt: Date.parse('2027-06-01T09:00:00Z'),
      durationMinutes: 60,
      now,
      config: DEFAULT_RULES_CONFIG,
    };
    const open = [span('window', request.startsAt - HOUR_MS, request.startsAt + 4 * HOUR_MS)];
    expect(judgeSlot(open, request)).toBe('not-offered');
  });
});
