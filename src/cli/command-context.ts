import { AvailabilityCache } from '../server/availability/availability-cache';
import type { CancelContext } from '../server/booking/cancel-booking';
import type { AppConfig } from '../server/config';
import type { Db } from '../server/db/client';
import { createMailer } from '../server/mail/mailer';
import { createPaymentProvider } from '../server/payments/create-payment-provider';

// What a use case needs when the command line runs it straight on the database (no server holds
// it). Mail is queued in the outbox for the servers' mail workers to send; the refund is asked of
// the provider at once, and a server's provider job retries it if that fails. Servers' own
// availability caches let the freed time show within their few seconds' lifetime.

export function commandContext(db: Db, config: AppConfig): CancelContext & { log: CommandLog } {
  return {
    db,
    config,
    now: () => new Date(),
    payments: createPaymentProvider(config),
    availabilityCache: new AvailabilityCache(0, () => Date.now()),
    mailer: createMailer(db, config),
    log: commandLog,
  };
}

interface CommandLog {
  warn(details: object, message: string): void;
}

// stderr: stdout may be a CSV or JSON someone is saving.
const commandLog: CommandLog = {
  warn: (details, message) => {
    const err = (details as { err?: unknown }).err;
    const why = err instanceof Error ? err.message : JSON.stringify(details);
    process.stderr.write(`warning: ${message}: ${why}\n`);
  },
};
