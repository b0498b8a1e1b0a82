import { sql } from 'drizzle-orm';
import { reviewRequestsDueIfCompletedBy, reviewRequestStillUseful } from '../../domain/reviews';
import type { AppContext } from '../app-context';
import type { Db } from '../db/client';
import { isDeletedEmail } from '../db/deleted-account';
import { queryRows } from '../db/query-rows';
import type { ReviewRequestOutcome } from '../db/schema-reviews';
import { inTransaction } from '../db/transaction';
import { enqueueMail } from '../mail/outbox';
import { enqueuePush } from '../push/push-outbox';
import { reviewRequestEmail, reviewRequestPush } from './review-request-notice';

// The "How was your treatment?" requests (docs/decisions/0086). A completed booking gets a
// review_request row in the transaction that completes it (trigger, migration 0020); once
// REVIEW_REQUEST_AFTER_HOURS have passed, each round claims due rows with FOR UPDATE SKIP LOCKED
// and, in the same transaction, writes the email (and a push to each of the customer's devices)
// and settles the row by a compare-and-set on settled_at: any number of instances write each
// request once, and a crash leaves neither the message without the settlement nor the reverse.
// A customer who has already reviewed, or deleted their account, is not asked.

export const REVIEW_REQUEST_INTERVAL_MS = 60_000;
const BATCH = 50;

type Ctx = Pick<AppContext, 'db' | 'config' | 'now' | 'mailer'>;

interface DueRequest {
  booking_id: string;
  completed_at: Date | string;
}

interface RequestFacts {
  customer_id: string;
  email: string;
  name: string;
  therapist_name: string;
  starts_at: Date | string;
  reviewed: boolean;
  treatments: string[] | null;
}

async function settle(
  ctx: Ctx,
  tx: Db,
  request: DueRequest,
  now: Date,
): Promise<ReviewRequestOutcome | null> {
  const [f] = await queryRows<RequestFacts>(
    tx,
    sql`select b.customer_id, u.email, u.name, t.name as therapist_name, b.starts_at,
               exists (select 1 from review r where r.booking_id = b.id) as reviewed,
               (select array_agg(i.name order by i.position) from booking_item i
                 where i.booking_id = b.id and not i.is_add_on) as treatments
        from booking b
        join "user" u on u.id = b.customer_id
        join therapist t on t.id = b.therapist_id
        where b.id = ${request.booking_id}`,
  );
  const completedAt = new Date(request.completed_at);
  const outcome: ReviewRequestOutcome = !f
    ? 'no_customer'
    : f.reviewed
      ? 'already_reviewed'
      : isDeletedEmail(f.email)
        ? 'no_customer'
        : reviewRequestStillUseful(completedAt, now)
          ? 'sent'
          : 'too_late';
  const settled = await queryRows<{ booking_id: string }>(
    tx,
    sql`update review_request set settled_at = ${now.toISOString()}::timestamptz, outcome = ${outcome}
        where booking_id = ${request.booking_id} and settled_at is null
        returning booking_id`,
  );
  if (settled.length === 0 || !f || outcome !== 'sent') return settled.length ? outcome : null;
  const facts = {
    bookingId: request.booking_id,
    customer: { email: f.email, name: f.name },
    therapistName: f.therapist_name,
    treatments: f.treatments ?? [],
    startsAt: new Date(f.starts_at),
    publicUrl: ctx.config.publicUrl,
  };
  await enqueueMail(tx, reviewRequestEmail(facts));
  await enqueuePush(tx, reviewRequestPush(facts, f.customer_id));
  return outcome;
}

/** One round; answers how many requests it sent. Runs until nothing more is due. */
export async function sendReviewRequests(ctx: Ctx): Promise<number> {
  let sent = 0;
  for (;;) {
    const now = ctx.now();
    const completedBy = reviewRequestsDueIfCompletedBy(now, ctx.config.reviews.requestAfterHours);
    const round = await inTransaction(ctx.db, async (tx) => {
      const due = await queryRows<DueRequest>(
        tx,
        sql`select booking_id, completed_at from review_request
            where settled_at is null and completed_at <= ${completedBy.toISOString()}::timestamptz
            order by completed_at
            limit ${BATCH}
            for update skip locked`,
      );
      let written = 0;
      for (const request of due) {
        if ((await settle(ctx, tx, request, now)) === 'sent') written++;
      }
      return { claimed: due.length, written };
    });
    sent += round.written;
    if (round.written > 0) ctx.mailer.wake();
    if (round.claimed < BATCH) return sent;
  }
}
