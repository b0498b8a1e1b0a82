import type { Db } from '../db/client';
import { emailOutbox } from '../db/schema';
import type { MailMessage } from './mailer';

/** Writes a message to the outbox in the caller's transaction; a worker sends it after commit. */
export async function enqueueMail(
  db: Db,
  message: MailMessage & { dedupeKey?: string },
): Promise<number | null> {
  const [row] = await db
    .insert(emailOutbox)
    .values({
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html ?? null,
      attachments: message.attachments ?? null,
    })
    .returning({ id: emailOutbox.id });
  return row?.id ?? null;
}
