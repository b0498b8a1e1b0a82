import { describe, expect, it } from 'vitest';
import { parseArgs, USAGE } from './args';
import { runCalendarUrl } from './calendar-commands';
import { UsageError } from './errors';

describe('calendar-url arguments', () => {
  it('takes one therapist id and an optional --rotate', () => {
    expect(parseArgs(['calendar-url', 't-isla'])).toEqual({
      name: 'calendar-url',
      therapistId: 't-isla',
      rotate: false,
    });
    expect(parseArgs(['calendar-url', '--rotate', 't-isla'])).toMatchObject({ rotate: true });
    expect(USAGE).toContain('calendar-url THERAPIST_ID [--rotate]');
  });

  it.each([
    [[], 'calendar-url needs exactly one therapist id'],
    [['t-a', 't-b'], 'calendar-url needs exactly one therapist id'],
    [['t-a', '--rotat'], 'Unknown option for calendar-url: "--rotat"'],
  ])('refuses %j', (rest, message) => {
    expect(() => parseArgs(['calendar-url', ...rest])).toThrow(UsageError);
    expect(() => parseArgs(['calendar-url', ...rest])).toThrow(message);
  });
});

describe('calendar-url output', () => {
  it('prints the URL alone on stdout and a note on stderr', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const url = 'https://glow.example.com/api/calendars/abc.ics';
    const code = await runCalendarUrl(
      { name: 'calendar-url', therapistId: 't-isla', rotate: true },
      { therapistCalendarUrl: async (therapistId) => ({ therapistId, url }) },
      { out: (t) => out.push(t), err: (t) => err.push(t) },
    );
    expect(code).toBe(0);
    expect(out).toEqual([`${url}\n`]);
    expect(err.join('')).toContain('the previous one no longer works');
  });
});
