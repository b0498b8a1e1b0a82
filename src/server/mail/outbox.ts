import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedStatement } from '../db/query-rows';
import { emailOutbox } from '../db/schema';
import type { MailMessage } from './mail-message';

export type OutboxMessage = MailMessage & {
  /** Queue this message at most once, e.g. `booking-<id>-confirmed`. */
  dedupeKey?: string;
  /** Not to be sent before this instant (a gift card's send date); at once when left out. */
  notBefore?: Date;
  /**
   * For mail to an account being erased (its deletion confirmation): the placeholder the row
   * keeps as its recipient once the message is sent or given up on, when its contents go too.
   */
  eraseOnceSentAs?: string;
};

/** A message as its outbox row. Without a time, null: sent once due by the database's clock. */
function outboxRow(message: OutboxMessage) {
  return {
    toAddress: message.to,
    subject: message.subject,
    textBody: message.text,
    htmlBody: message.html ?? null,
    attachments: message.attachments ?? null,
    dedupeKey: message.dedupeKey ?? null,
    nextAttemptAt: message.notBefore ?? null,
    eraseOnceSentAs: message.eraseOnceSentAs ?? null,
  };
}

type OutboxColumn = keyof ReturnType<typeof outboxRow>;

// Built once: a message is queued with every booking change (docs/decisions/0063). The worker
// claims only rows due by the database's clock, so a message without a time is due now().
const enqueueStatement = preparedStatement(
  'enqueue_mail',
  [
    'toAddress',
    'subject',
    'textBody',
    'htmlBody',
    'attachments',
    'dedupeKey',
    'nextAttemptAt',
    'eraseOnceSentAs',
  ] as const satisfies readonly OutboxColumn[],
  (p, db) =>
    db
      .insert(emailOutbox)
      .values({
        ...p,
        nextAttemptAt: sql`coalesce(${sql.param(p.nextAttemptAt, emailOutbox.nextAttemptAt)}, now())`,
      })
      .onConflictDoNothing({ target: emailOutbox.dedupeKey })
      .returning({ id: emailOutbox.id })
      .getSQL(),
);

/**
 * Queues a message for the mail worker using the `db` it is given. Pass the transaction of the
 * change the message announces, so the mail commits or rolls back with it: nothing is sent for a
 * change that never happened, and nothing is lost for one that did.
 *
 * Returns the outbox id, or null when a message with the same dedupeKey is already queued (or
 * sent). A concurrent enqueue of the same key waits for the first transaction and then inserts
 * nothing, or inserts if the first rolled back.
 */
export async function enqueueMail(db: Db, message: OutboxMessage): Promise<number | null> {
  const [row] = await enqueueStatement.rows<{ id: string | number }>(db, outboxRow(message));
  return row ? Number(row.id) : null;
}

/** enqueueMail's INSERT, for a caller that writes it in one statement with another (a CTE). */
export function mailInsert(db: Db, message: OutboxMessage) {
  const row = outboxRow(message);
  return db
    .insert(emailOutbox)
    .values({ ...row, nextAttemptAt: row.nextAttemptAt ?? undefined })
    .onConflictDoNothing({ target: emailOutbox.dedupeKey })
    .returning({ id: emailOutbox.id });
}

/**
 * Takes back a queued message that must no longer go out (a gift card refunded before its send
 * date): marked failed with the reason, unless it has been sent already. Answers whether it was
 * still waiting. Run it in the transaction of the change that makes the message wrong.
 */
export async function withdrawMail(db: Db, dedupeKey: string, reason: string): Promise<boolean> {
  const rows = await db
    .update(emailOutbox)
    .set({ status: 'failed', error: reason, claimedUntil: null, claimToken: null })
    .where(and(eq(emailOutbox.dedupeKey, dedupeKey), eq(emailOutbox.status, 'pending')))
    .returning({ id: emailOutbox.id });
  return rows.length > 0;
}
