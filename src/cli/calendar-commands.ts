import type { TherapistCalendarUrl } from '../contract/therapist-calendar';
import { EXIT, UsageError } from './errors';

// `calendar-url THERAPIST_ID [--rotate]`: a therapist's private calendar feed URL, to hand to
// them, or a new one when the old has leaked. Parsing and printing live here so that args.ts and
// commands.ts only wire the command in.

export interface CalendarUrlCommand {
  name: 'calendar-url';
  therapistId: string;
  rotate: boolean;
}

export const CALENDAR_USAGE = `  calendar-url THERAPIST_ID [--rotate]
      Print the therapist's private calendar feed URL (made on first use) for Google Calendar,
      Apple Calendar or Outlook to subscribe to. --rotate replaces it: the old URL stops working.
`;

export function parseCalendarUrl(rest: string[]): CalendarUrlCommand {
  const ids = rest.filter((arg) => !arg.startsWith('--'));
  const options = rest.filter((arg) => arg.startsWith('--'));
  const unknown = options.find((option) => option !== '--rotate');
  if (unknown)
    throw new UsageError(`Unknown option for calendar-url: "${unknown}" (use --rotate).`);
  const [therapistId, ...extra] = ids;
  if (!therapistId || extra.length > 0) {
    throw new UsageError('calendar-url needs exactly one therapist id: calendar-url THERAPIST_ID');
  }
  return { name: 'calendar-url', therapistId, rotate: options.length > 0 };
}

/**
 * Prints the URL alone on stdout, so `npm run -s admin -- calendar-url t-isla` can feed a script,
 * and a word about it on stderr.
 */
export async function runCalendarUrl(
  command: CalendarUrlCommand,
  backend: { therapistCalendarUrl(id: string, rotate: boolean): Promise<TherapistCalendarUrl> },
  output: { out(text: string): void; err(text: string): void },
): Promise<number> {
  const { url } = await backend.therapistCalendarUrl(command.therapistId, command.rotate);
  output.out(`${url}\n`);
  output.err(
    command.rotate
      ? `New calendar URL for ${command.therapistId}; the previous one no longer works.\n`
      : `Calendar URL for ${command.therapistId}: give it to the therapist only.\n`,
  );
  return EXIT.ok;
}
