import { z } from 'zod';
import { int, type EnvOf } from './config-values';

// Mail: without SMTP_URL every message still lands in the email_outbox table.

export const mailEnv = {
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Glow at Home <bookings@glowathome.example>'),
  /**
   * How long a mail worker's claim keeps other workers off a message; a crashed instance's mail
   * waits this long. SMTP timeouts are a quarter of it, so it must leave room for a slow server.
   */
  MAIL_LEASE_SECONDS: int(4, 60 * 60).default(300),
};

export interface MailSettings {
  smtpUrl: string | null;
  mailFrom: string;
  mailLeaseSeconds: number;
}

export function mailOf(e: EnvOf<typeof mailEnv>): MailSettings {
  return {
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    mailLeaseSeconds: e.MAIL_LEASE_SECONDS,
  };
}
