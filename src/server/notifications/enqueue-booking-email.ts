import type { BookingView } from '../../contract/booking';
import { cardLabel } from '../../domain/card';
import { formatPence } from '../../domain/format';
import type { AppContext } from '../app-context';
import type { Db } from '../db/client';
import { sql } from 'drizzle-orm';
import { createElement } from 'react';
import { termsAt, termsLines } from '../../domain/cancellation';
import { UK_TIME_ZONE } from '../../domain/constants';
import { BookingEmail, type BookingEmailProps } from '../mail/templates/booking-email';
import { renderEmail } from '../mail/templates/render';
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

/** What the email says, once, for its plain text and its HTML alike. */
function contentOf(
  kind: BookingEmailKind,
  v: BookingView,
  name: string,
  publicUrl: string,
  byCompany: boolean,
  terms: readonly string[],
): BookingEmailProps {
  const money: [string, string][] =
    kind === 'cancelled'
      ? [['Refund', formatPence(v.refundedPence)]]
      : [
          ['Total', formatPence(v.totalPricePence)],
          ...(v.referralDiscountPence > 0
            ? [['Referral credit', formatPence(v.referralDiscountPence)] as [string, string]]
            : []),
          ...(v.creditAppliedPence > 0
            ? [['Credit applied', formatPence(v.creditAppliedPence)] as [string, string]]
            : []),
          [
            'Paid',
            `${formatPence(v.amountDuePence)}${v.payment?.cardLast4 ? ` (${cardLabel(v.payment.cardBrand, v.payment.cardLast4)})` : ''}`,
          ],
        ];
  const opening = {
    confirmed: 'your booking is confirmed.',
    rescheduled: 'your booking has moved to a new time.',
    cancelled: 'your booking has been cancelled.',
    reminder: 'This is a reminder of your appointment. Your therapist looks forward to seeing you.',
  }[kind];
  return {
    subject: SUBJECTS[kind],
    greeting: `Hello ${name},`,
    opening:
      kind === 'reminder'
        ? opening
        : byCompany && kind === 'cancelled'
          ? 'We are sorry: we have had to cancel your booking. Any refund is shown below; please get in touch if we can help you book another time.'
          : `Thank you: ${opening}`,
    details: [
      ['Booking reference', v.reference],
      ['When', `${formatUkDateTime(v.startsAt)} (UK time)`],
      ['With', v.therapist.name],
      ['Where', oneLineAddress(v.address)],
    ],
    treatments: v.items.map((i) => ({ name: i.name, price: formatPence(i.pricePence) })),
    money,
    terms,
    appointmentsUrl: `${publicUrl}/account/appointments`,
    policyUrl: `${publicUrl}/cancellation-policy`,
  };
}

function textOf(c: BookingEmailProps): string {
  const line = ([label, value]: readonly [string, string]) => `${label}: ${value}`;
  return [
    c.greeting,
    '',
    c.opening,
    '',
    ...c.details.map(line),
    '',
    'Treatments:',
    ...c.treatments.map((t) => `  - ${t.name} (${t.price})`),
    '',
    ...c.money.map(line),
    '',
    ...(c.terms.length > 0 ? ['Cancellation terms:', ...c.terms, ''] : []),
    `Your appointments: ${c.appointmentsUrl}`,
    `Cancellation policy: ${c.policyUrl}`,
    '',
    SITE_NAME,
  ].join('\n');
}

/**
 * The terms as they stand when the email is written, from the same rules every page uses: a
 * booking confirmed inside the free-cancellation window is never offered a deadline already past.
 * A cancellation has none left, and a reminder points to the policy like the appointment page.
 */
function termsNow(
  ctx: Pick<AppContext, 'config' | 'now'>,
  kind: BookingEmailKind,
  v: BookingView,
): string[] {
  if (kind !== 'confirmed' && kind !== 'rescheduled') return [];
  const policy = ctx.config.cancellation;
  const terms = termsAt(
    policy,
    {
      startsAt: Date.parse(v.startsAt),
      amountPaidPence: v.amountDuePence,
      creditAppliedPence: v.creditAppliedPence,
    },
    ctx.now().getTime(),
  );
  return termsLines(policy, terms, UK_TIME_ZONE);
}

/** The booking's email as the outbox keeps it; exported for its unit test. */
export function bookingEmail(
  ctx: Pick<AppContext, 'config' | 'now'>,
  news: BookingNews,
): OutboxMessage {
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
  const content = contentOf(
    kind,
    view,
    customer.name,
    ctx.config.publicUrl,
    news.cancelledByCompany === true,
    termsNow(ctx, kind, view),
  );
  return {
    to: customer.email,
    subject: content.subject,
    text: textOf(content),
    html: renderEmail(createElement(BookingEmail, content)),
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
  ctx: Pick<AppContext, 'config' | 'now'>,
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
