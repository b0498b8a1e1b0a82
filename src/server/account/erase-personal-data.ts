import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { postcodeDistrict } from '../../domain/account-forms';
import type { Db } from '../db/client';
import {
  account,
  address,
  booking,
  businessPayment,
  emailOutbox,
  giftCard,
  goodwillCredit,
  payment,
  paymentCustomer,
  paymentEvent,
  pushSubscription,
  rateLimit,
  savedCard,
  session,
  user,
  verification,
} from '../db/schema';
import { favourite } from '../db/schema-favourites';
import { waitlistEntry } from '../db/schema-waitlist';
import { eraseGiftCardData } from '../gift-cards/erase-gift-card-data';
import { redactStripeEvent } from '../payments/redact-stripe-event';
import { deletedEmail } from '../db/deleted-account';
import { eraseReviews } from '../reviews/erase-reviews';
import { eraseBookingMedia } from '../booking-media/erase-booking-media';

// Everything here runs in the deletion's one transaction: either the person is gone from every
// table or nothing changed. What stays is what the law makes us keep (docs/decisions/0019):
// bookings, payments and the wallet ledger, with amounts, dates and ids but nothing that says who.
// The ledger is append-only in the database and is not touched: its rows hold no personal data.

export interface ProviderCustomerRef {
  provider: string;
  providerCustomerId: string;
}

export interface ProviderCardRef {
  provider: string;
  providerCardId: string;
}

/** What the payment provider still holds about the person, for the caller to delete there. */
export interface ErasedAccount {
  providerCustomers: ProviderCustomerRef[];
  providerCards: ProviderCardRef[];
}

/** Where the work was done, to the district: enough for accounting and VAT, not a home address. */
export interface AccountingAddress {
  town: string | null;
  postcodeDistrict: string | null;
}

export function accountingAddress(snapshot: unknown): AccountingAddress {
  const fields = typeof snapshot === 'object' && snapshot !== null ? snapshot : {};
  const town = 'town' in fields && typeof fields.town === 'string' ? fields.town : null;
  // Already erased: running again must not lose the district it kept.
  if ('postcodeDistrict' in fields) {
    const kept = fields.postcodeDistrict;
    return { town, postcodeDistrict: typeof kept === 'string' ? kept : null };
  }
  const postcode =
    'postcode' in fields && typeof fields.postcode === 'string' ? fields.postcode : '';
  return { town, postcodeDistrict: postcodeDistrict(postcode) };
}

export async function erasePersonalData(tx: Db, userId: string, now: Date): Promise<ErasedAccount> {
  const [person] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId));
  if (!person) return { providerCustomers: [], providerCards: [] };
  // Sign-in forms and rate limits lower-case what people type; match every spelling of it.
  const email = person.email.trim().toLowerCase();

  // Read before the rows go: the provider-side deletion needs them after this commits.
  const providerCustomers = await tx
    .select({
      provider: paymentCustomer.provider,
      providerCustomerId: paymentCustomer.providerCustomerId,
    })
    .from(paymentCustomer)
    .where(eq(paymentCustomer.userId, userId));
  const providerCards = await tx
    .select({ provider: savedCard.provider, providerCardId: savedCard.providerCardId })
    .from(savedCard)
    .where(eq(savedCard.userId, userId));

  await eraseAddressSnapshots(tx, userId, now);
  await redactPaymentEvents(tx, userId, [
    ...providerCustomers.map((c) => c.providerCustomerId),
    ...providerCards.map((c) => c.providerCardId),
  ]);
  await erasePayments(tx, userId, now);
  // Before the outbox: it waits for a review request being written for them (erase-reviews.ts).
  await eraseReviews(tx, userId, now);
  await eraseMail(tx, userId, email);
  // Notes go; photos are marked here and their objects deleted once this commits (decision 0093).
  await eraseBookingMedia(tx, userId, now);

  await tx.delete(verification).where(
    or(
      sql`lower(${verification.identifier}) = ${email}`,
      // Password reset and delete-account tokens keep the user id as their value.
      eq(verification.value, userId),
      // Sign-in links keep {"email": …} as their value.
      sql`strpos(lower(${verification.value}), ${email}) > 0`,
    ),
  );
  // Per-account limits are keyed "account:<path>:<email>" (auth/routes.ts).
  await tx
    .delete(rateLimit)
    .where(
      and(
        sql`${rateLimit.key} like 'account:%'`,
        sql`lower(right(${rateLimit.key}, ${email.length + 1}::int)) = ${`:${email}`}`,
      ),
    );
  await eraseGiftCardData(tx, userId, email, deletedEmail(userId), now);
  // The ledger keeps the goodwill credit's amount; the words customer service wrote go.
  await tx.update(goodwillCredit).set({ reason: null }).where(eq(goodwillCredit.userId, userId));

  await tx.delete(session).where(eq(session.userId, userId));
  await tx.delete(account).where(eq(account.userId, userId));
  // Bookings keep their own snapshot; their address_id is set null by the foreign key.
  await tx.delete(address).where(eq(address.userId, userId));
  await tx.delete(savedCard).where(eq(savedCard.userId, userId));
  await tx.delete(paymentCustomer).where(eq(paymentCustomer.userId, userId));
  await tx.delete(pushSubscription).where(eq(pushSubscription.userId, userId));
  await tx.delete(businessPayment).where(eq(businessPayment.userId, userId));
  // Whom they liked says something about them; the user row stays, so its cascade never runs.
  await tx.delete(favourite).where(eq(favourite.userId, userId));
  // What they waited for, and where (a postcode); their offers go with it (docs/decisions/0089).
  await tx.delete(waitlistEntry).where(eq(waitlistEntry.customerId, userId));
  await tx
    .update(user)
    .set({
      name: 'Deleted customer',
      email: deletedEmail(userId),
      emailVerified: false,
      image: null,
      phoneNumber: null,
      gender: null,
      updatedAt: now,
    })
    .where(eq(user.id, userId));

  return { providerCustomers, providerCards };
}

async function eraseAddressSnapshots(tx: Db, userId: string, now: Date) {
  const rows = await tx
    .select({ id: booking.id, snapshot: booking.addressSnapshot })
    .from(booking)
    .where(and(eq(booking.customerId, userId), isNotNull(booking.addressSnapshot)));
  for (const row of rows) {
    await tx
      .update(booking)
      .set({ addressSnapshot: accountingAddress(row.snapshot), updatedAt: now })
      .where(eq(booking.id, row.id));
  }
}

const theirBookingIds = (userId: string) =>
  sql`(select ${booking.id}::text from ${booking} where ${booking.customerId} = ${userId})`;
const theirGiftCardIds = (userId: string) =>
  sql`(select ${giftCard.id}::text from ${giftCard} where ${giftCard.buyerUserId} = ${userId})`;
/** Payments for their bookings and for the gift cards they bought. */
const theirPayments = (userId: string) =>
  sql`(${payment.bookingId} in (select ${booking.id} from ${booking} where ${booking.customerId} = ${userId})
       or ${payment.giftCardId} in (select ${giftCard.id} from ${giftCard} where ${giftCard.buyerUserId} = ${userId}))`;
const theirPaymentIds = (userId: string) =>
  sql`(select ${payment.providerPaymentId} from ${payment}
       where ${theirPayments(userId)} and ${payment.providerPaymentId} is not null)`;

/**
 * Stripe events are found by what ties them to the person: our booking id in the metadata, one of
 * their payment intents (the object itself, or a charge's intent), or their Stripe customer or
 * saved card (the object itself, or the customer an object belongs to).
 */
async function redactPaymentEvents(tx: Db, userId: string, providerIds: string[]) {
  const object = sql`(${paymentEvent.payload} -> 'data' -> 'object')`;
  // Stripe sends related objects either as a bare id or expanded; ->> 'id' is null for a bare one.
  const idIn = (field: string) =>
    sql`coalesce(${object} -> ${field} ->> 'id', ${object} ->> ${field})`;
  const events = await tx
    .select({ id: paymentEvent.id, payload: paymentEvent.payload })
    .from(paymentEvent)
    .where(
      and(
        eq(paymentEvent.provider, 'stripe'),
        or(
          sql`${object} -> 'metadata' ->> 'bookingId' in ${theirBookingIds(userId)}`,
          sql`${object} -> 'metadata' ->> 'giftCardId' in ${theirGiftCardIds(userId)}`,
          sql`${object} ->> 'id' in ${theirPaymentIds(userId)}`,
          sql`${idIn('payment_intent')} in ${theirPaymentIds(userId)}`,
          providerIds.length > 0 ? inArray(sql`${object} ->> 'id'`, providerIds) : undefined,
          providerIds.length > 0 ? inArray(idIn('customer'), providerIds) : undefined,
        ),
      ),
    );
  for (const event of events) {
    await tx
      .update(paymentEvent)
      .set({ payload: redactStripeEvent(event.payload) })
      .where(eq(paymentEvent.id, event.id));
  }
}

/**
 * Amounts, status, card brand and last four stay: they are what a refund, a chargeback or the
 * accounts are checked against, and say nothing about who paid once the account is anonymous.
 */
async function erasePayments(tx: Db, userId: string, now: Date) {
  await tx
    .update(payment)
    .set({
      providerPaymentMethodId: null,
      cardExpMonth: null,
      cardExpYear: null,
      actionUrl: null,
      // The request sent to the provider names her customer and card there; it is only needed
      // while the attempt's outcome is still unknown.
      providerRequest: sql`case when ${payment.status} = 'pending' then ${payment.providerRequest} end`,
      updatedAt: now,
    })
    .where(theirPayments(userId));
}

/**
 * The record that a message was sent stays; to whom, and what it said, goes. A message a mail
 * worker is sending at this moment (claimed, lease running) may already be with the mail server:
 * it is left for the worker to settle, which then erases it the same way (erase_once_sent_as), so
 * the outbox never says "failed" of a message that went, nor keeps one that did.
 */
async function eraseMail(tx: Db, userId: string, email: string) {
  const theirs = sql`lower(${emailOutbox.toAddress}) = ${email}`;
  // Never null (an unclaimed row's lease is), so "not inFlight" holds for every other row.
  const inFlight = sql`(${emailOutbox.status} = 'pending' and coalesce(${emailOutbox.claimedUntil} > now(), false))`;
  await tx
    .update(emailOutbox)
    .set({ eraseOnceSentAs: deletedEmail(userId) })
    .where(and(theirs, inFlight));
  await tx
    .update(emailOutbox)
    .set({
      toAddress: deletedEmail(userId),
      textBody: '',
      htmlBody: null,
      attachments: null,
      // An SMTP error quotes the recipient.
      error: null,
      // Emptied, a message still waiting must not go out (to the placeholder) after all: the
      // deletion confirmation tells them what it would have (account-deleted-email.ts).
      status: sql`case when ${emailOutbox.status} = 'pending' then 'failed' else ${emailOutbox.status} end`,
    })
    .where(and(theirs, sql`not ${inFlight}`));
}
