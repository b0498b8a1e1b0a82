import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { emailOutbox } from '../db/schema';

export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  /** Records the message in the outbox and, when SMTP is configured, sends it. Never throws for SMTP trouble. */
  send(message: MailMessage): Promise<{ id: number; status: 'sent' | 'pending' | 'failed' }>;
}

export interface MailerLog {
  warn(details: object, message: string): void;
}

/**
 * Every message is written to email_outbox first, so nothing is lost when the mail server is down
 * and a developer without SMTP can still read what would have been sent.
 */
export function createMailer(db: Db, config: AppConfig, log?: MailerLog): Mailer {
  const transport: Transporter | null = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl)
    : null;
  return {
    async send(message) {
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
      if (!row) throw new Error('email_outbox insert returned no row');
      if (!transport) return { id: row.id, status: 'pending' };
      try {
        await transport.sendMail({
          from: config.mailFrom,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          attachments: (message.attachments ?? []).map((a) => ({
            filename: a.filename,
            content: a.content,
            contentType: a.contentType,
          })),
        });
        await db
          .update(emailOutbox)
          .set({ status: 'sent', sentAt: new Date() })
          .where(eq(emailOutbox.id, row.id));
        return { id: row.id, status: 'sent' };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        await db
          .update(emailOutbox)
          .set({ status: 'failed', error: reason.slice(0, 500) })
          .where(eq(emailOutbox.id, row.id));
        log?.warn({ outboxId: row.id, reason }, 'mail not sent; kept in the outbox');
        return { id: row.id, status: 'failed' };
      }
    },
  };
}
