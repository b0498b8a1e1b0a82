import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  type AnyPgColumn,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ProgressStep } from '../../domain/booking-progress';
import { LIVE_CHANGE_KINDS, type LiveChangeKind } from '../../contract/live';
import type { TravelMode } from '../../domain/travel-types';
import { tstzrange } from './tstzrange';

import { createdAt, ts, updatedAt } from './schema-columns';

// ---------- catalogue ----------

export const city = pgTable('city', {
  slug: text('slug').primaryKey(),
  name: text('name').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const treatment = pgTable(
  'treatment',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    description: text('description').notNull().default(''),
    pricePence: integer('price_pence').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    isAddOn: boolean('is_add_on').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('treatment_price_nonnegative', sql`${t.pricePence} >= 0`),
    check('treatment_duration_positive', sql`${t.durationMinutes} > 0`),
  ],
);

export const treatmentAddOn = pgTable(
  'treatment_add_on',
  {
    parentId: text('parent_id')
      .notNull()
      .references(() => treatment.id, { onDelete: 'cascade' }),
    addOnId: text('add_on_id')
      .notNull()
      .references(() => treatment.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.parentId, t.addOnId] })],
);

export const therapist = pgTable(
  'therapist',
  {
    id: text('id').primaryKey(),
    username: text('username').notNull().unique(),
    name: text('name').notNull(),
    bio: text('bio').notNull().default(''),
    /** A photo at an outside address, set by the catalogue import; an uploaded photo wins. */
    photoUrl: text('photo_url'),
    /**
     * The uploaded photo's version (content hash and a random tail): its resized copies are stored
     * under media/therapists/<id>/<version>-<size>.<ext>. The import never touches it.
     */
    photoVersion: text('photo_version'),
    active: boolean('active').notNull().default(true),
    businessEnabled: boolean('business_enabled').notNull().default(false),
    paymentsConnected: boolean('payments_connected').notNull().default(false),
    paymentAccountId: text('payment_account_id'),
    area: text('area')
      .notNull()
      .references(() => city.slug),
    acceptedGenders: text('accepted_genders')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    minimumSpendPence: integer('minimum_spend_pence'),
    /** Where the therapist is told of each booking (import field `email`); no email when null. */
    email: text('email'),
    /**
     * Travel (docs/decisions/0077). The home base's full postcode is private: only its district
     * is ever used, and neither leaves the server except in the catalogue export.
     */
    homePostcode: text('home_postcode'),
    travelMode: text('travel_mode').$type<TravelMode>().notNull().default('car'),
    maxTravelMinutes: integer('max_travel_minutes'),
    /** Postcode districts (e.g. EH6) the therapist works in; null: wherever they can reach. */
    coveredDistricts: text('covered_districts').array(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('therapist_area_idx').on(t.area),
    check(
      'therapist_travel_mode',
      sql`${t.travelMode} in ('car', 'public_transport', 'bicycle', 'walking')`,
    ),
    check(
      'therapist_max_travel_minutes',
      sql`${t.maxTravelMinutes} is null or ${t.maxTravelMinutes} between 1 and 600`,
    ),
  ],
);

export const therapistService = pgTable(
  'therapist_service',
  {
    therapistId: text('therapist_id')
      .notNull()
      .references(() => therapist.id, { onDelete: 'cascade' }),
    treatmentId: text('treatment_id')
      .notNull()
      .references(() => treatment.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.therapistId, t.treatmentId] }),
    // Who offers a treatment: the availability search starts from the treatments asked for.
    index('therapist_service_treatment_idx').on(t.treatmentId, t.therapistId),
  ],
);

export const availability = pgTable(
  'availability',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    therapistId: text('therapist_id')
      .notNull()
      .references(() => therapist.id, { onDelete: 'cascade' }),
    during: tstzrange('during').notNull(),
  },
  // Overlap with a day as "ends after its start, starts before its end" (db/overlaps.ts), from
  // the index alone; the latest end per therapist (visibility) is its last entry.
  (t) => [
    index('availability_therapist_overlap_idx').on(
      t.therapistId,
      sql`upper(${t.during})`,
      sql`lower(${t.during})`,
    ),
  ],
);

/**
 * One row, bumped at the commit of any transaction that changes the catalogue (cities,
 * treatments, therapists, their services and availability windows), by the triggers of migration
 * 0013. A reader that finds the number it read together with some catalogue rows knows nothing has
 * changed since (docs/decisions/0058).
 */
export const catalogueVersion = pgTable(
  'catalogue_version',
  {
    id: boolean('id').primaryKey().default(true),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    /** The transaction that bumped it last: one bump per transaction, however many rows. */
    bumpedBy: bigint('bumped_by', { mode: 'number' }),
  },
  (t) => [check('catalogue_version_one_row', sql`${t.id}`)],
);

// ---------- accounts (the auth library's tables, plus our own columns on user) ----------

export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  phoneNumber: text('phone_number'),
  gender: text('gender'),
  accountType: text('account_type').notNull().default('personal'),
  isTherapist: boolean('is_therapist').notNull().default(false),
  isOnboarder: boolean('is_onboarder').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: ts('expires_at').notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('session_user_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: ts('access_token_expires_at'),
    refreshTokenExpiresAt: ts('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('account_user_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

export const rateLimit = pgTable('rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

export const businessPayment = pgTable('business_payment', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  arrangement: text('arrangement').notNull().default('card'),
  billingName: text('billing_name'),
  billingEmail: text('billing_email'),
  billingAddress: text('billing_address'),
  updatedAt: updatedAt(),
});

export const address = pgTable(
  'address',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    label: text('label'),
    line1: text('line1').notNull(),
    line2: text('line2'),
    town: text('town').notNull(),
    postcode: text('postcode').notNull(),
    instructions: text('instructions'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('address_user_idx').on(t.userId),
    uniqueIndex('address_one_default_per_user')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

// ---------- bookings and money ----------

// Statuses that occupy the therapist's time; the exclusion constraint (custom migration) uses this list.
export const ACTIVE_BOOKING_STATUSES = ['held', 'requires_action', 'confirmed'] as const;
// A booking still waiting for payment, whose credit is reserved (wallet/available-credit.ts).
export const PENDING_BOOKING_STATUSES = ['held', 'requires_action'] as const;
export const BOOKING_STATUSES = [
  ...ACTIVE_BOOKING_STATUSES,
  'cancelled',
  'expired',
  'failed',
  'completed',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const booking = pgTable(
  'booking',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The short reference customers, therapists and support say to each other: 8 Crockford
     * base32 symbols, made by the database (new_booking_reference(), migration 0010).
     */
    reference: text('reference')
      .notNull()
      .unique()
      .default(sql`new_booking_reference()`),
    customerId: text('customer_id')
      .notNull()
      .references(() => user.id),
    therapistId: text('therapist_id')
      .notNull()
      .references(() => therapist.id),
    citySlug: text('city_slug')
      .notNull()
      .references(() => city.slug),
    addressId: uuid('address_id').references(() => address.id, { onDelete: 'set null' }),
    addressSnapshot: jsonb('address_snapshot'),
    /**
     * The postcode district of the address (e.g. EH6): where the therapist travels from and to
     * around this booking. Null for a place not known to be a UK postcode.
     */
    district: text('district'),
    startsAt: ts('starts_at').notNull(),
    // Includes the 15-minute buffer, so back-to-back bookings leave the therapist travel time.
    during: tstzrange('during').notNull(),
    status: text('status').$type<BookingStatus>().notNull(),
    totalPricePence: integer('total_price_pence').notNull(),
    totalDurationMinutes: integer('total_duration_minutes').notNull(),
    creditAppliedPence: integer('credit_applied_pence').notNull().default(0),
    /**
     * A referred customer's first-booking discount (docs/product.md#referrals), paid by the
     * company, not the wallet.
     */
    referralDiscountPence: integer('referral_discount_pence').notNull().default(0),
    referralId: uuid('referral_id').references((): AnyPgColumn => referral.id),
    amountDuePence: integer('amount_due_pence').notNull(),
    refundedPence: integer('refunded_pence').notNull().default(0),
    paymentMethod: text('payment_method'),
    holdExpiresAt: ts('hold_expires_at'),
    cancelledAt: ts('cancelled_at'),
    /** Who cancelled: the customer, or the company (customer service); null until cancelled. */
    cancelledBy: text('cancelled_by'),
    /** Customer service's reason for a cancellation on the company's behalf. */
    cancelReason: text('cancel_reason'),
    // Bumped on every reschedule: the calendar file's SEQUENCE, so calendars update the event.
    rescheduleCount: integer('reschedule_count').notNull().default(0),
    /**
     * When the reminder job is to remind the customer; null once sent, or when none is owed (a
     * booking made or moved inside the lead time, or cancelled). Set by every confirm and move.
     */
    reminderDueAt: ts('reminder_due_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('booking_customer_idx').on(t.customerId),
    index('booking_therapist_starts_idx').on(t.therapistId, t.startsAt),
    // The bookings that block a therapist's day, by overlap from the index alone (db/overlaps.ts):
    // the exclusion constraint's GiST index answers the same question far more slowly.
    index('booking_therapist_overlap_idx')
      .on(t.therapistId, sql`upper(${t.during})`, sql`lower(${t.during})`)
      .where(sql`${t.status} in ('held', 'requires_action', 'confirmed')`),
    // The hold sweep's queue: only the few bookings still waiting for payment.
    index('booking_pending_hold_idx')
      .on(t.holdExpiresAt)
      .where(sql`${t.status} in ('held', 'requires_action')`),
    // The reminder job's queue, and the completion job's: only bookings still ahead of them.
    index('booking_reminder_due_idx')
      .on(t.reminderDueAt)
      .where(sql`${t.reminderDueAt} IS NOT NULL`),
    index('booking_confirmed_starts_idx')
      .on(t.startsAt)
      .where(sql`${t.status} = 'confirmed'`),
    check('booking_cancelled_by', sql`${t.cancelledBy} IN ('customer', 'company')`),
    check(
      'booking_amounts_nonnegative',
      sql`${t.amountDuePence} >= 0 AND ${t.creditAppliedPence} >= 0 AND ${t.referralDiscountPence} >= 0`,
    ),
    // Every penny of the price is paid by card or invoice, wallet credit or the referral discount.
    check(
      'booking_amounts_add_up',
      sql`${t.totalPricePence} = ${t.amountDuePence} + ${t.creditAppliedPence} + ${t.referralDiscountPence}`,
    ),
  ],
);

export const bookingItem = pgTable(
  'booking_item',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => booking.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    treatmentId: text('treatment_id')
      .notNull()
      .references(() => treatment.id),
    name: text('name').notNull(),
    pricePence: integer('price_pence').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    isAddOn: boolean('is_add_on').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.position] })],
);

/**
 * Every change of a booking, written by a trigger (migration 0010) so no code path can forget it:
 * its creation, each status change, each move, and each change of what it costs or where it is.
 * It is the booking's history and the change feed of GET /api/internal/bookings?since=: the feed
 * is read in (txid, id) order and only up to the oldest transaction still running, so a change
 * that commits late is never skipped (docs/decisions/0034-booking-records-and-change-feed.md).
 */
export const BOOKING_CHANGE_KINDS = ['created', 'status', 'moved', 'updated'] as const;
export type BookingChangeKind = (typeof BOOKING_CHANGE_KINDS)[number];

export const bookingChange = pgTable(
  'booking_change',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => booking.id),
    /** The writing transaction's id (pg_current_xact_id()), the feed's first sort key. */
    txid: bigint('txid', { mode: 'number' })
      .notNull()
      .default(sql`(pg_current_xact_id()::text)::bigint`),
    kind: text('kind').$type<BookingChangeKind>().notNull(),
    fromStatus: text('from_status').$type<BookingStatus>(),
    toStatus: text('to_status').$type<BookingStatus>().notNull(),
    startsAt: ts('starts_at').notNull(),
    at: ts('at').notNull(),
  },
  (t) => [
    index('booking_change_feed_idx').on(t.txid, t.id),
    index('booking_change_booking_idx').on(t.bookingId, t.id),
  ],
);

export const payment = pgTable(
  'payment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What is being paid for: a booking or a gift card, exactly one (payment_for_one_purchase). */
    bookingId: uuid('booking_id').references(() => booking.id),
    giftCardId: uuid('gift_card_id').references((): AnyPgColumn => giftCard.id),
    /** Or a tip after a completed appointment (docs/decisions/0087). */
    tipId: uuid('tip_id').references((): AnyPgColumn => tip.id),
    provider: text('provider').notNull(),
    /** card, saved-card, invoice or credit (nothing to charge). */
    method: text('method').notNull().default('card'),
    providerPaymentId: text('provider_payment_id'),
    /** The provider's token for the card used (never a card number): saved when asked. */
    providerPaymentMethodId: text('provider_payment_method_id'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** 1, 2, … per booking or gift card: each attempt has its own idempotency key. */
    attempt: integer('attempt').notNull().default(1),
    /**
     * pending (recorded, provider not yet answered), requires_action, processing, succeeded,
     * failed, canceled, partially_refunded, refunded, invoiced.
     */
    status: text('status').notNull(),
    amountPence: integer('amount_pence').notNull(),
    /**
     * What was sent to the provider, without card data, so a reconciliation can repeat the very
     * same request under the same idempotency key and learn what happened.
     */
    providerRequest: jsonb('provider_request'),
    /** A pending attempt is the reconciler's to settle from this time on. */
    checkAfter: ts('check_after'),
    refundedPence: integer('refunded_pence').notNull().default(0),
    currency: text('currency').notNull().default('gbp'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    cardExpMonth: integer('card_exp_month'),
    cardExpYear: integer('card_exp_year'),
    /** The customer asked to keep the card; done once the payment succeeds (after 3-D Secure too). */
    saveCard: boolean('save_card').notNull().default(false),
    /** Where the customer authenticates (3-D Secure) while the payment requires action. */
    actionUrl: text('action_url'),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payment_booking_idx').on(t.bookingId),
    uniqueIndex('payment_provider_payment_unique').on(t.provider, t.providerPaymentId),
    uniqueIndex('payment_booking_attempt_unique').on(t.bookingId, t.attempt),
    uniqueIndex('payment_gift_card_attempt_unique').on(t.giftCardId, t.attempt),
    uniqueIndex('payment_tip_attempt_unique').on(t.tipId, t.attempt),
    check(
      'payment_for_one_purchase',
      sql`num_nonnulls(${t.bookingId}, ${t.giftCardId}, ${t.tipId}) = 1`,
    ),
    // The reconciler's queue: only attempts whose outcome we have not heard yet.
    index('payment_pending_idx')
      .on(t.checkAfter)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * Calls to the payment provider decided by a committed change (a refund, abandoning a payment,
 * a transfer to a therapist, forgetting a customer): written in the transaction of the change,
 * made after it commits, retried until the provider has answered.
 */
export const providerTask = pgTable(
  'provider_task',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    kind: text('kind').notNull(),
    /** The provider-side key: the same task is never done twice, even if it is run twice. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    params: jsonb('params').notNull(),
    bookingId: uuid('booking_id').references(() => booking.id),
    /**
     * pending: the worker's to make; awaiting_account: a transfer to a therapist with no connected
     * account yet, made pending once they have one; done; failed: given up, needs a person.
     */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    result: jsonb('result'),
    createdAt: createdAt(),
    doneAt: ts('done_at'),
  },
  (t) => [
    index('provider_task_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    // Transfers to a therapist with no connected account yet (payments/therapist-transfers.ts).
    index('provider_task_awaiting_account_idx')
      .on(t.id)
      .where(sql`${t.status} = 'awaiting_account'`),
    check(
      'provider_task_kind',
      sql`${t.kind} in ('refund', 'cancel_payment', 'transfer', 'delete_customer', 'detach_card')`,
    ),
    check(
      'provider_task_status',
      sql`${t.status} in ('pending', 'awaiting_account', 'done', 'failed')`,
    ),
  ],
);

export const paymentEvent = pgTable(
  'payment_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    providerEventId: text('provider_event_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
    processedAt: ts('processed_at'),
  },
  (t) => [uniqueIndex('payment_event_unique').on(t.provider, t.providerEventId)],
);

export const savedCard = pgTable(
  'saved_card',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerCardId: text('provider_card_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('saved_card_user_idx').on(t.userId),
    uniqueIndex('saved_card_unique').on(t.userId, t.provider, t.providerCardId),
  ],
);

// The provider's customer record for a user (Stripe keeps saved cards on a customer).
export const paymentCustomer = pgTable(
  'payment_customer',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerCustomerId: text('provider_customer_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] })],
);

// The ledger's kinds live here, not in booking/, because the CHECK constraint below is built from
// them: a kind the code writes can never be missing from the database's list, nor the reverse.
export const WALLET_KINDS = {
  spent: 'booking_payment',
  returned: 'booking_refund',
  referral: 'referral_credit',
  giftCard: 'gift_card_redemption',
  /** Credit older than the configured expiry, written off so that the sum stays the truth. */
  expired: 'credit_expired',
  /** A therapist arrived late (docs/decisions/0084): once per booking. */
  lateArrival: 'late_arrival_credit',
  /** Customer service's credit (goodwill_credit holds the reason, erased with the account). */
  goodwill: 'goodwill_credit',
  /** Credit a customer put towards a tip (docs/decisions/0087): once per tip, so per booking. */
  tip: 'tip_payment',
} as const;
export type WalletKind = (typeof WALLET_KINDS)[keyof typeof WALLET_KINDS];
const walletKindList = Object.values(WALLET_KINDS)
  .map((kind) => `'${kind}'`)
  .join(', ');

// Append-only ledger: the balance is the sum. The idempotency key stops one credit being written twice.
// A trigger (migration 0004) refuses UPDATE, DELETE and TRUNCATE: a correction is a new entry.
export const walletEntry = pgTable(
  'wallet_entry',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id),
    kind: text('kind').$type<WalletKind>().notNull(),
    amountPence: integer('amount_pence').notNull(),
    description: text('description').notNull(),
    bookingId: uuid('booking_id').references(() => booking.id),
    /** Where the credit came from, so the wallet can say it in plain words without storing names. */
    referralId: uuid('referral_id').references((): AnyPgColumn => referral.id),
    giftCardId: uuid('gift_card_id').references((): AnyPgColumn => giftCard.id),
    /** For a credit_expired entry: the earlier entry whose unspent part it writes off. */
    expiresEntryId: bigint('expires_entry_id', { mode: 'number' }).references(
      (): AnyPgColumn => walletEntry.id,
    ),
    goodwillCreditId: uuid('goodwill_credit_id').references((): AnyPgColumn => goodwillCredit.id),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [
    index('wallet_entry_user_idx').on(t.userId),
    check('wallet_entry_kind_known', sql`${t.kind} IN (${sql.raw(walletKindList)})`),
    // A referrer is credited for a referral once, whatever retries, webhooks and crashes do.
    uniqueIndex('wallet_entry_one_referral_credit')
      .on(t.referralId)
      .where(sql`${t.kind} = 'referral_credit'`),
    uniqueIndex('wallet_entry_one_gift_card_redemption')
      .on(t.giftCardId)
      .where(sql`${t.kind} = 'gift_card_redemption'`),
    uniqueIndex('wallet_entry_one_expiry_per_entry').on(t.expiresEntryId),
    // A late arrival earns one credit per booking, whatever retries, races and crashes do.
    uniqueIndex('wallet_entry_one_late_arrival_credit')
      .on(t.bookingId)
      .where(sql`${t.kind} = 'late_arrival_credit'`),
    uniqueIndex('wallet_entry_one_goodwill_credit')
      .on(t.goodwillCreditId)
      .where(sql`${t.kind} = 'goodwill_credit'`),
    uniqueIndex('wallet_entry_one_tip_payment')
      .on(t.bookingId)
      .where(sql`${t.kind} = 'tip_payment'`),
    check(
      'wallet_entry_credit_source',
      sql`(${t.kind} NOT IN ('late_arrival_credit', 'tip_payment') OR ${t.bookingId} IS NOT NULL) AND (${t.kind} <> 'goodwill_credit' OR ${t.goodwillCreditId} IS NOT NULL)`,
    ),
  ],
);

// A short code that stands for a customer in their referral link (/?ref=CODE); the customer's id
// is also accepted as a code.
export const referralCode = pgTable('referral_code', {
  code: text('code').primaryKey(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => user.id),
  createdAt: createdAt(),
});

/**
 * Who referred whom (a customer is referred once: the unique referred id). status: pending until
 * the referred customer's first booking is paid, then completed (the referrer is credited then).
 * discount_booking_id is the booking that has used the referred customer's discount, if any.
 */
export const referral = pgTable(
  'referral',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    referredUserId: text('referred_user_id')
      .notNull()
      .unique()
      .references(() => user.id),
    referrerUserId: text('referrer_user_id')
      .notNull()
      .references(() => user.id),
    valuePence: integer('value_pence').notNull(),
    status: text('status').notNull().default('pending'),
    discountBookingId: uuid('discount_booking_id').references((): AnyPgColumn => booking.id),
    createdAt: createdAt(),
    completedAt: ts('completed_at'),
  },
  (t) => [
    index('referral_referrer_idx').on(t.referrerUserId),
    check('referral_not_self', sql`${t.referredUserId} <> ${t.referrerUserId}`),
    check('referral_status', sql`${t.status} in ('pending', 'completed')`),
    check('referral_value_positive', sql`${t.valuePence} > 0`),
  ],
);

/**
 * unpaid (an order waiting for its payment) → active (paid: the code exists and its email is in
 * the outbox) → redeemed (its whole balance moved into a wallet). An unpaid order whose buyer
 * deleted their account is cancelled; a paid card whose money was given back before anyone
 * redeemed it is refunded. See docs/decisions/0031-gift-cards.md.
 */
export const GIFT_CARD_STATUSES = [
  'unpaid',
  'active',
  'redeemed',
  'cancelled',
  'refunded',
] as const;
export type GiftCardStatus = (typeof GIFT_CARD_STATUSES)[number];
const giftCardStatusList = GIFT_CARD_STATUSES.map((status) => `'${status}'`).join(', ');

export const giftCard = pgTable(
  'gift_card',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * SHA-256 of the code's 16 symbols, set when the card is paid for. The code itself is written
     * only into the recipient's email: whoever reads this table cannot redeem what they find.
     */
    codeHash: text('code_hash').unique(),
    /** The code's last four symbols, for the buyer's list and for support. */
    codeLast4: text('code_last4'),
    status: text('status').$type<GiftCardStatus>().notNull().default('unpaid'),
    amountPence: integer('amount_pence').notNull(),
    /** What is left to redeem: the amount until it is redeemed (whole balance at once), then 0. */
    balancePence: integer('balance_pence').notNull(),
    buyerUserId: text('buyer_user_id')
      .notNull()
      .references(() => user.id),
    // The buyer's words about someone else: personal data of the buyer's account, erased with it.
    recipientName: text('recipient_name'),
    recipientEmail: text('recipient_email'),
    message: text('message'),
    /** The UK day the buyer chose for the email. */
    sendOn: date('send_on', { mode: 'string' }).notNull(),
    /** When the email is due: at once for today, 09:00 UK time for a later day. */
    deliverAt: ts('deliver_at').notNull(),
    paidAt: ts('paid_at'),
    redeemedByUserId: text('redeemed_by_user_id').references(() => user.id),
    redeemedAt: ts('redeemed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('gift_card_buyer_idx').on(t.buyerUserId),
    check('gift_card_status', sql`${t.status} IN (${sql.raw(giftCardStatusList)})`),
    check('gift_card_amount_positive', sql`${t.amountPence} > 0`),
    check(
      'gift_card_balance_within_amount',
      sql`${t.balancePence} >= 0 AND ${t.balancePence} <= ${t.amountPence}`,
    ),
    // A card that was paid for has a code; only an order never paid has none.
    check(
      'gift_card_code_once_paid',
      sql`${t.status} IN ('unpaid', 'cancelled') OR ${t.codeHash} IS NOT NULL`,
    ),
    check(
      'gift_card_redeemed_whole',
      sql`${t.status} <> 'redeemed' OR (${t.redeemedByUserId} IS NOT NULL AND ${t.redeemedAt} IS NOT NULL AND ${t.balancePence} = 0)`,
    ),
  ],
);

// One browser's Web Push subscription: several per customer, one customer per endpoint (the last
// to register it; merge-written).
export const pushSubscription = pgTable(
  'push_subscription',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('push_subscription_user_idx').on(t.userId)],
);

// One push to one device, written in the transaction of the change it announces and sent by the
// push worker (src/server/push/push-worker.ts): pending → sent | failed. A device that goes away
// takes its undelivered pushes with it; nothing could deliver them.
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => pushSubscription.id, { onDelete: 'cascade' }),
    /** What the service worker shows: {title, body, url, tag}. */
    payload: jsonb('payload').notNull(),
    /** Push services drop the message if the device has not been reachable for this long. */
    ttlSeconds: integer('ttl_seconds').notNull(),
    /** A newer push with the same topic replaces an undelivered older one at the push service. */
    topic: text('topic'),
    status: text('status').notNull().default('pending'),
    error: text('error'),
    dedupeKey: text('dedupe_key').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    claimedUntil: ts('claimed_until'),
    claimToken: uuid('claim_token'),
    createdAt: createdAt(),
    sentAt: ts('sent_at'),
  },
  (t) => [
    uniqueIndex('push_outbox_dedupe_key_unique').on(t.dedupeKey),
    index('push_outbox_pending_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    check('push_outbox_status', sql`${t.status} IN ('pending', 'sent', 'failed')`),
  ],
);

// A therapist's private calendar feed (/api/calendars/<token>.ics): the token is the only key,
// so it is long and random, and rotating it replaces it (the old URL stops working at once).
export const therapistCalendar = pgTable('therapist_calendar', {
  therapistId: text('therapist_id')
    .primaryKey()
    .references(() => therapist.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  createdAt: createdAt(),
});

export const WEBHOOK_EVENT_TYPES = [
  'booking.confirmed',
  'booking.moved',
  'booking.cancelled',
  'booking.completed',
  'booking.progress',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * One event for one receiving URL (WEBHOOK_URLS), written in the transaction of the change it
 * announces and delivered by the webhook worker: pending → delivered | failed. A booking's
 * deliveries to one URL go out in id order: a later one waits while an earlier one is pending.
 */
export const webhookDelivery = pgTable(
  'webhook_delivery',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The event's id, the same for every URL it goes to; receivers dedupe on it. */
    eventId: uuid('event_id').notNull(),
    type: text('type').$type<WebhookEventType>().notNull(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => booking.id),
    url: text('url').notNull(),
    /** The whole event as sent: {id, type, createdAt, data: {booking}}. */
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    claimedUntil: ts('claimed_until'),
    claimToken: uuid('claim_token'),
    /** The receiver's last answer (HTTP status), or null when it could not be reached. */
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    deliveredAt: ts('delivered_at'),
  },
  (t) => [
    uniqueIndex('webhook_delivery_event_url_unique').on(t.eventId, t.url),
    index('webhook_delivery_pending_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_delivery_booking_idx').on(t.bookingId, t.url, t.id),
    check('webhook_delivery_status', sql`${t.status} IN ('pending', 'delivered', 'failed')`),
    check(
      'webhook_delivery_type',
      sql`${t.type} IN ('booking.confirmed', 'booking.moved', 'booking.cancelled', 'booking.completed', 'booking.progress')`,
    ),
  ],
);

// Written in the transaction of the change it announces; sent later by the mail worker
// (src/server/mail/mail-worker.ts, docs/decisions/0020). status: pending → sent | failed.
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    attachments: jsonb('attachments'),
    status: text('status').notNull().default('pending'),
    /** The last sending error; kept on a later success only until the row is marked sent. */
    error: text('error'),
    createdAt: createdAt(),
    sentAt: ts('sent_at'),
    /** A caller's idempotency key (e.g. booking-<id>-confirmed): a second enqueue is a no-op. */
    dedupeKey: text('dedupe_key'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    /** A worker's lease: until then no other worker claims the row. */
    claimedUntil: ts('claimed_until'),
    /** Who holds the lease, so a worker whose lease ran out cannot settle another's claim. */
    claimToken: uuid('claim_token'),
    /**
     * Mail to an account being erased that still has to go (its deletion confirmation): once it
     * is sent or given up on, its recipient becomes this placeholder and its contents go, like
     * the rest of the erased account's mail (docs/decisions/0079).
     */
    eraseOnceSentAs: text('erase_once_sent_as'),
  },
  (t) => [
    uniqueIndex('email_outbox_dedupe_key_unique').on(t.dedupeKey),
    index('email_outbox_pending_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'pending'`),
  ],
);

// Secrets the app makes for itself outside production (e.g. the session signing key), so a
// newcomer needs no configuration and sessions survive restarts.
export const appSecret = pgTable('app_secret', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * Journey times a routing engine answered (TRAVEL_TIME_URL), kept so a search asks it at most
 * once per district pair, mode and hour band (docs/decisions/0077). Minutes as the engine said,
 * before the slot grid's rounding; refreshed once older than the configured age.
 */
export const travelTimeCache = pgTable(
  'travel_time_cache',
  {
    fromDistrict: text('from_district').notNull(),
    toDistrict: text('to_district').notNull(),
    mode: text('mode').$type<TravelMode>().notNull(),
    /** The hour band of the departure (travel-estimate.ts): 0 off-peak, 1 peak. */
    hourBand: integer('hour_band').notNull(),
    minutes: integer('minutes').notNull(),
    fetchedAt: ts('fetched_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.fromDistrict, t.toDistrict, t.mode, t.hourBand] }),
    check('travel_time_cache_minutes', sql`${t.minutes} >= 0 and ${t.minutes} <= 1440`),
  ],
);

// ---------- live channel ----------

// What a customer's open screens are told to refetch (GET /api/me/events, docs/decisions/0083):
// the contract's kinds, so the CHECK below and the stream cannot disagree.
const customerEventKindList = LIVE_CHANGE_KINDS.map((kind) => `'${kind}'`).join(', ');

/**
 * One change a customer's open screens should refetch, written by triggers (migration 0018)
 * through emit_customer_event() in the transaction of the change, which also NOTIFYs on
 * commit. Ids and kinds only, never personal data; no foreign key, so a row deleted with its
 * user still announces itself. Kept for a while (the retention) so a reconnecting stream can
 * resume, then pruned by a job.
 */
export const customerEvent = pgTable(
  'customer_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id').notNull(),
    kind: text('kind').$type<LiveChangeKind>().notNull(),
    bookingId: uuid('booking_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('customer_event_user_idx').on(t.userId, t.id),
    index('customer_event_created_idx').on(t.createdAt),
    check('customer_event_kind', sql`${t.kind} IN (${sql.raw(customerEventKindList)})`),
  ],
);

// ---------- therapist progress and credit by hand ----------

const progressStepList = [
  'on_the_way',
  'running_late',
  'arrived',
  'started',
  'finished',
] as const satisfies readonly ProgressStep[];

/**
 * Each step the therapist app reports for a booking (docs/decisions/0084), once: the primary key
 * makes a second on_the_way impossible whatever the application does. `at` is when it happened
 * (the app's time, never later than the server's clock plus a minute); a trigger (migration 0019)
 * tells the customer's open screens.
 */
export const bookingProgress = pgTable(
  'booking_progress',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => booking.id, { onDelete: 'cascade' }),
    step: text('step').$type<ProgressStep>().notNull(),
    at: ts('at').notNull(),
    /** Minutes to arrival, for on_the_way and running_late. */
    etaMinutes: integer('eta_minutes'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.bookingId, t.step] }),
    check(
      'booking_progress_step',
      sql`${t.step} IN (${sql.raw(progressStepList.map((s) => `'${s}'`).join(', '))})`,
    ),
    check(
      'booking_progress_eta',
      sql`${t.etaMinutes} IS NULL OR (${t.etaMinutes} BETWEEN 0 AND 600 AND ${t.step} IN ('on_the_way', 'running_late'))`,
    ),
  ],
);

/**
 * Credit customer service gives by hand (POST /api/internal/users/:email/credit), with the
 * reason shown on the customer's wallet page. The reason is kept here, not in the ledger, so that
 * it is erased with the account (the ledger is kept and must say nothing about anyone). The
 * caller's idempotency key makes a retried request the same credit.
 */
export const goodwillCredit = pgTable(
  'goodwill_credit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id),
    amountPence: integer('amount_pence').notNull(),
    /** Null once the account is erased. */
    reason: text('reason'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [
    index('goodwill_credit_user_idx').on(t.userId),
    check('goodwill_credit_amount', sql`${t.amountPence} BETWEEN 1 AND 100000`),
  ],
);

// ---------- tips ----------

// Tips after a completed appointment (docs/decisions/0087): a third purchase beside bookings and
// gift cards, paid through the same payment table (payment.tip_id) and passed on in full to the
// therapist by a provider task. One per booking, whatever double clicks and second tabs do.

/** unpaid (made, waiting for its card or declined), paid, refunded (all its money went back). */
export const TIP_STATUSES = ['unpaid', 'paid', 'refunded'] as const;
export type TipStatus = (typeof TIP_STATUSES)[number];

export const tip = pgTable(
  'tip',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => booking.id),
    customerId: text('customer_id')
      .notNull()
      .references(() => user.id),
    /** Who receives it: the booking's therapist when it was given. */
    therapistId: text('therapist_id')
      .notNull()
      .references(() => therapist.id),
    amountPence: integer('amount_pence').notNull(),
    /** What wallet credit pays of it; spent (a tip_payment entry) when the tip is paid. */
    creditAppliedPence: integer('credit_applied_pence').notNull().default(0),
    /** What the card pays of it. */
    amountDuePence: integer('amount_due_pence').notNull(),
    status: text('status').$type<TipStatus>().notNull().default('unpaid'),
    paidAt: ts('paid_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('tip_one_per_booking').on(t.bookingId),
    index('tip_customer_idx').on(t.customerId),
    check(
      'tip_amounts',
      sql`${t.amountPence} > 0 AND ${t.creditAppliedPence} >= 0 AND ${t.amountDuePence} >= 0 AND ${t.creditAppliedPence} + ${t.amountDuePence} = ${t.amountPence}`,
    ),
    check('tip_status', sql`${t.status} IN ('unpaid', 'paid', 'refunded')`),
    check('tip_paid_at', sql`${t.status} = 'unpaid' OR ${t.paidAt} IS NOT NULL`),
  ],
);
