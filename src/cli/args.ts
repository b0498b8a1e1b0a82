import type { PaymentArrangement } from '../server/account/set-business-payment';
import type { RoleFlags } from '../server/account/set-user-roles';
import { parseBookingCommand, type BookingCommand } from './booking-commands';
import { CALENDAR_USAGE, parseCalendarUrl, type CalendarUrlCommand } from './calendar-commands';
import { UsageError } from './errors';
import { parsePhotoCommand, PHOTO_USAGE, type PhotoCommand } from './photo-commands';
import { parseWebhooks, WEBHOOK_USAGE, type WebhookCommand } from './webhook-commands';
import { parseReviews, REVIEW_USAGE, type ReviewCommand } from './review-commands';

export type Command =
  | { name: 'help' }
  | { name: 'import'; file: string }
  | { name: 'export'; file: string | null }
  | { name: 'roles'; email: string; flags: RoleFlags }
  | { name: 'business-payment'; email: string; arrangement: PaymentArrangement }
  | BookingCommand
  | CalendarUrlCommand
  | PhotoCommand
  | WebhookCommand
  | ReviewCommand;

export const USAGE = `Admin command line of the booking system.

Usage: npm run admin -- <command>

Commands:
  import FILE.json
      Upsert everything in FILE.json (cities, treatments, therapists, availability) by id, in one
      transaction. An invalid file writes nothing and every problem is listed with its JSON path.
  export [FILE.json]
      Print the catalogue as JSON in the import format, or write it to FILE.json.
  roles EMAIL [--therapist=on|off] [--onboarder=on|off]
      Set a user's role flags; flags left out stay as they are. Without flags, show them.
  business-payment EMAIL card|invoice
      Set how a business account pays: by card when booking, or by invoice.
  booking REFERENCE
      Show a booking (by reference or id) with its history, payments, refunds, wallet entries
      and messages.
  bookings --from DATE --to DATE [--therapist ID] [--csv]
      List the bookings starting in those UK days (YYYY-MM-DD, both included), or export
      them as CSV.
  cancel REFERENCE --refund full|policy --reason TEXT
      Cancel a booking on the company's behalf: refund everything paid (full) or what the
      cancellation policy gives now (policy), free the time and tell the customer.
${CALENDAR_USAGE}${PHOTO_USAGE}${WEBHOOK_USAGE}
${REVIEW_USAGE}  help
      Show this help.

Where it writes: the PostgreSQL database at DATABASE_URL when set; otherwise the PGlite folder
DATA_DIR (default ./data), through the running server when one has that folder open.

Exit codes: 0 done; 1 invalid input or the command failed; 2 usage or configuration error.
Tip: "npm run -s admin -- export > catalogue.json" keeps npm's own lines out of the file.
`;

function onOff(option: string, value: string): boolean {
  if (value === 'on') return true;
  if (value === 'off') return false;
  throw new UsageError(`${option} must be "on" or "off", not "${value}".`);
}

function parseRoles(rest: string[]): Command {
  const [email, ...options] = rest;
  if (!email || email.startsWith('--')) throw new UsageError('roles needs an email address.');
  const flags: RoleFlags = {};
  for (const option of options) {
    const match = /^--(therapist|onboarder)=(.*)$/.exec(option);
    if (!match?.[1] || match[2] === undefined) {
      throw new UsageError(
        `Unknown option for roles: "${option}" (use --therapist=on|off, --onboarder=on|off).`,
      );
    }
    flags[match[1] as keyof RoleFlags] = onOff(`--${match[1]}`, match[2]);
  }
  return { name: 'roles', email, flags };
}

function parseBusinessPayment(rest: string[]): Command {
  const [email, arrangement, ...extra] = rest;
  if (!email || !arrangement || extra.length > 0) {
    throw new UsageError('business-payment needs an email address and "card" or "invoice".');
  }
  if (arrangement !== 'card' && arrangement !== 'invoice') {
    throw new UsageError(
      `The payment arrangement must be "card" or "invoice", not "${arrangement}".`,
    );
  }
  return { name: 'business-payment', email, arrangement };
}

export function parseArgs(argv: string[]): Command {
  const [name, ...rest] = argv;
  switch (name) {
    case undefined:
      throw new UsageError('Missing command.');
    case 'help':
    case '--help':
    case '-h':
      return { name: 'help' };
    case 'import':
      if (rest.length !== 1 || !rest[0])
        throw new UsageError('import needs exactly one file: import FILE.json');
      return { name: 'import', file: rest[0] };
    case 'export':
      if (rest.length > 1)
        throw new UsageError('export takes at most one file: export [FILE.json]');
      return { name: 'export', file: rest[0] ?? null };
    case 'roles':
      return parseRoles(rest);
    case 'business-payment':
      return parseBusinessPayment(rest);
    case 'booking':
    case 'bookings':
    case 'cancel':
      return parseBookingCommand(name, rest);
    case 'calendar-url':
      return parseCalendarUrl(rest);
    case 'webhooks':
      return parseWebhooks(rest);
    case 'therapist-photo':
      return parsePhotoCommand(rest);
    case 'reviews':
      return parseReviews(rest);
    default:
      throw new UsageError(`Unknown command "${name}".`);
  }
}
