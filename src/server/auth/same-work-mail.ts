import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { MailMessage } from '../mail/mailer';

/**
 * Queues `message` in the outbox when `send` is true, and runs the very same statement, which then
 * inserts nothing, when it is false. For the requests whose answer and work must not tell a
 * registered email from an unknown one (decision 0065): both take the same statements, in the same
 * order, whatever the lookup before found. The caller's transaction must write something either
 * way (a token), so that committing it costs the same too.
 */
export async function enqueueMailIf(db: Db, send: boolean, message: MailMessage): Promise<void> {
  await db.execute(
    sql`INSERT INTO email_outbox (to_address, subject, text_body, html_body)
        SELECT ${message.to}::text, ${message.subject}::text, ${message.text}::text,
               ${message.html ?? null}::text
        WHERE ${send}::boolean`,
  );
}
