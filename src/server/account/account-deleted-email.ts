import { and, desc, eq, gt } from 'drizzle-orm';
import { createElement } from 'react';
import { cardLabel } from '../../domain/card';
import { DAY_MS } from '../../domain/constants';
import { firstNameOf, formatPence } from '../../domain/format';
import type { Db } from '../db/client';
import { booking, payment } from '../db/schema';
import { AccountDeleted, type AccountDeletedProps } from '../mail/templates/account-deleted';
import { renderEmail } from '../mail/templates/render';
import type { OutboxMessage } from '../mail/outbox';

// The deletion confirmation. A customer who cancels and then deletes their account would
// otherwise never hear of the refund: the cancellation's email, still waiting in the outbox, is
// erased with the rest of their mail. So this last message, written in the deletion's own
// transaction, says what is still coming back to them (docs/decisions/0079).

export const ACCOUNT_DELETED_SUBJECT = 'Your Glow at Home account has been deleted';

/** A card refund can take this long to reach a statement: until then it is "on its way". */
const REFUND_ON_ITS_WAY_DAYS = 14;

export interface RefundOnItsWay {
  reference: string;
  refundedPence: number;
  method: string;
  cardBrand: string | null;
  cardLast4: string | null;
}

/** Card (or invoice) refunds of their bookings cancelled in the last two weeks. */
export async function refundsOnTheirWay(
  tx: Db,
  userId: string,
  now: Date,
): Promise<RefundOnItsWay[]> {
  return tx
    .select({
      reference: booking.reference,
      refundedPence: payment.refundedPence,
      method: payment.method,
      cardBrand: payment.cardBrand,
      cardLast4: payment.cardLast4,
    })
    .from(booking)
    .innerJoin(payment, eq(payment.bookingId, booking.id))
    .where(
      and(
        eq(booking.customerId, userId),
        eq(booking.status, 'cancelled'),
        gt(booking.cancelledAt, new Date(now.getTime() - REFUND_ON_ITS_WAY_DAYS * DAY_MS)),
        gt(payment.refundedPence, 0),
      ),
    )
    .orderBy(desc(booking.cancelledAt), booking.reference);
}

function whereTo(r: RefundOnItsWay): string {
  if (r.method === 'invoice') return 'off your invoice';
  return r.cardLast4 ? `back to ${cardLabel(r.cardBrand, r.cardLast4)}` : 'back to your card';
}

function contentOf(name: string, refunds: readonly RefundOnItsWay[]): AccountDeletedProps {
  return {
    subject: ACCOUNT_DELETED_SUBJECT,
    greeting: `Hello ${firstNameOf(name)},`,
    done: 'Your Glow at Home account has been deleted, as you asked, and your personal details with it.',
    kept: 'We keep only what the law requires of your bookings and payments (dates, amounts and references), with nothing that says who you are.',
    refunds: refunds.map((r) => ({
      booking: `Booking ${r.reference}`,
      refund: `${formatPence(r.refundedPence)} ${whereTo(r)}`,
    })),
    refundsHeading: 'Refunds on their way',
    refundsNote: 'A card refund can take up to 10 working days to show on your statement.',
    last: 'This is the last email we will send you. Thank you for booking with us.',
  };
}

function textOf(c: AccountDeletedProps): string {
  return [
    c.greeting,
    '',
    c.done,
    c.kept,
    '',
    ...(c.refunds.length > 0
      ? [
          `${c.refundsHeading}:`,
          ...c.refunds.map((r) => `  - ${r.booking}: ${r.refund}`),
          c.refundsNote,
          '',
        ]
      : []),
    c.last,
    '',
    'Glow at Home',
  ].join('\n');
}

/**
 * The message, to the address being erased: the outbox row keeps it only until it is sent (or
 * given up on), then becomes `placeholder` with no contents, like the rest of their mail.
 */
export function accountDeletedEmail(
  person: { userId: string; email: string; name: string },
  refunds: readonly RefundOnItsWay[],
  placeholder: string,
): OutboxMessage {
  const content = contentOf(person.name, refunds);
  return {
    to: person.email,
    subject: content.subject,
    text: textOf(content),
    html: renderEmail(createElement(AccountDeleted, content)),
    dedupeKey: `account-${person.userId}-deleted`,
    eraseOnceSentAs: placeholder,
  };
}
