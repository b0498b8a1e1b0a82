import type { BookingView } from '../../contract/booking';
import { cardLabel } from '../../domain/card';
import { formatPence } from '../../domain/format';
import type { AppContext } from '../app-context';
import type { Db } from '../db/client';
import { sql } from 'drizzle-orm';
import type { BookingEmailKind } from './booking-news-kind';
import { enqueueMail, mailInsert, type OutboxMessage } from '../mail/outbox';
import { pushInsert } from '../push/push-outbox';
import { bookingPush } from './enqueue-booking-push';
import { formatUkDateTime, oneLineAddress, SITE_NAME } from './booking-format';
import { customerCalendarContentType, customerCalendarFile } from './customer-calendar';

// Booking emails are written to the outbox in the transaction of the change they announce and sent
// by the mail worker, so no crash can confirm a booking without its email or email a change that
// never committed. Booking calls this with what the email says (booking/announce-booking-change.ts);
// nothing here imports booking, so the dependency runs one way (docs/decisions/0023).

export type { BookingEmailKind };

/** One change to a booking, as the customer's email tells it. */
export interface BookingNews {
  kind: BookingEmailKind;
  /** The booking as it is after the change, as the customer sees it. */
  view: BookingView;
  customer: { email: string; name: string };
  /** How often it has moved: numbers the calendar file's updates and keeps each move's email apart. */
  rescheduleCount: number;
  /** The company cancelled it (customer service), not the customer. */
  cancelledByCompany?: boolean;
}

const SUBJECTS: Record<BookingEmailKind, string> = {
  confirmed: 'Your booking is confirmed',
  rescheduled: 'Your booking has moved',
  cancelled: 'Your booking is cancelled',
  reminder: 'Reminder: your appointment is coming up',
};

function bodyOf(
  kind: BookingEmailKind,
  v: BookingView,
  name: string,
  publicUrl: string,
  byCompany: boolean,
): string {
  const treatments = v.items.map((i) => `  - ${i.name} (${formatPence(i.pricePence)})`).join('\n');
  const money =
    kind === 'cancelled'
      ? `Refund: ${formatPence(v.refundedPence)}`
      : [
          `Total: ${formatPence(v.totalPricePence)}`,
          v.referralDiscountPence > 0
            ? `Referral credit: ${formatPence(v.referralDiscountPence)}`
            : null,
          v.creditAppliedPence > 0 ? `Credit applied: ${formatPence(v.creditAppliedPence)}` : null,
          `Paid: ${formatPence(v.amountDuePence)}${v.payment?.cardLast4 ? ` (${cardLabel(v.payment.cardBrand, v.payment.cardLast4)})` : ''}`,
        ]
          .filter(Boolean)
          .join('\n');
  const opening = {
    confirmed: 'your booking is confirmed.',
    rescheduled: 'your booking has moved to a new time.',
    cancelled: 'your booking has been cancelled.',
    reminder: 'This is a reminder of your appointment. Your therapist looks forward to seeing you.',
  }[kind];
  return [
    `Hello ${name},`,
    '',
    kind === 'reminder'
      ? opening
      : byCompany && kind === 'cancelled'
        ? 'We are sorry: we have had to cancel your booking. Any refund is shown below; please get in touch if we can help you book another time.'
        : `Thank you: ${opening}`,
    '',
    `Booking reference: ${v.reference}`,
    `When: ${formatUkDateTime(v.startsAt)} (UK time)`,
    `With: ${v.therapist.name}`,
    `Where: ${oneLineAddress(v.address)}`,
    '',
    'Treatments:',
    treatments,
    '',
    money,
    '',
    `Your appointments: ${publicUrl}/account/appointments`,
    `Cancellation policy: ${publicUrl}/cancellation-policy`,
    '',
    SITE_NAME,
  ].join('\n');
}

/** The booking's email as the outbox keeps it. */
function bookingEmail(ctx: Pick<AppContext, 'config'>, news: BookingNews): OutboxMessage {
  const { kind, view, customer, rescheduleCount } = news;
  // A reminder changes nothing in the calendar, so it carries no calendar file to import again.
  const attachments =
    kind === 'reminder'
      ? []
      : [
          {
            filename: 'booking.ics',
            content: customerCalendarFile(
              view,
              rescheduleCount,
              kind === 'cancelled',
              ctx.config.publicUrl,
            ),
            contentType: customerCalendarContentType(kind === 'cancelled'),
          },
        ];
  return {
    to: customer.email,
    subject: SUBJECTS[kind],
    text: bodyOf(kind, view, customer.name, ctx.config.publicUrl, news.cancelledByCompany === true),
    attachments,
    // Moves and reminders happen once per time the booking has had; the rest once per booking.
    dedupeKey:
      kind === 'rescheduled' || kind === 'reminder'
        ? `booking-${view.id}-${kind}-${rescheduleCount}`
        : `booking-${view.id}-${kind}`,
  };
}

/**
 * Writes the booking's email to the outbox inside the caller's transaction, so the mail exists if
 * and only if the change it announces commits. The dedupe key makes a second write of the same
 * news (a retried transition) a no-op: one change, one email.
 *
 * With `pushTo` (the customer has a device subscribed), the push for each device is written by the
 * same statement: the email's INSERT in a WITH, the pushes' INSERT after it. Each keeps its own
 * dedupe key, exactly as two statements would, in one round trip.
 */
export async function enqueueBookingEmail(
  ctx: Pick<AppContext, 'config'>,
  tx: Db,
  news: BookingNews,
  pushTo?: { userId: string; now: Date },
): Promise<void> {
  const mail = bookingEmail(ctx, news);
  if (!pushTo) {
    await enqueueMail(tx, mail);
    return;
  }
  const push = bookingPush({ ...news, ...pushTo });
  await tx.execute(sql`with mail as (${mailInsert(tx, mail).getSQL()}) ${pushInsert(push)}`);
}
