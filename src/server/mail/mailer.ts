import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import type { MailMessage } from './mail-message';
import { enqueueMail } from './outbox';

export type { MailAttachment, MailMessage } from './mail-message';

export interface Mailer {
  /**
   * Queues the message in the outbox on its own (committed at once) and wakes this instance's
   * mail worker. Use enqueueMail(tx, …) instead when the mail announces a change in a transaction.
   */
  send(message: MailMessage): Promise<{ id: number; status: 'pending' }>;
  /** Nudges this instance's worker, e.g. right after committing a transaction that enqueued mail. */
  wake(): void;
}

export interface MailerOptions {
  /** Called after every enqueue; buildApp wires it to the mail worker (none without SMTP_URL). */
  wake?: () => void;
}

/**
 * Every message goes to email_outbox and is sent by the mail worker (mail-worker.ts), so nothing is
 * lost when the mail server is down and a developer without SMTP can still read what would have
 * been sent. The second argument (the app config) is no longer needed and kept for old callers.
 */
export function createMailer(db: Db, _config?: AppConfig, options: MailerOptions = {}): Mailer {
  const wake = options.wake ?? (() => undefined);
  return {
    async send(message) {
      const id = await enqueueMail(db, {
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html === undefined ? {} : { html: message.html }),
        ...(message.attachments === undefined ? {} : { attachments: message.attachments }),
      });
      // Without a dedupe key the insert always lands; null would mean the schema changed under us.
      if (id === null) throw new Error('email_outbox insert returned no row');
      wake();
      return { id, status: 'pending' };
    },
    wake,
  };
}
