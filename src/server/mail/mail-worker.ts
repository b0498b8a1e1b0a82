import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { CompanyDetails } from '../../contract/company-details';
import type { Db } from '../db/client';
import { isDeletedEmail } from '../db/deleted-account';
import { emailOutbox } from '../db/schema';
import { withCompanyFooter } from './company-footer';
import type { MailAttachment } from './mailer';

// Sends what enqueueMail wrote. Each round claims a batch in one short transaction (a lease plus a
// claim token, FOR UPDATE SKIP LOCKED so instances never wait on or take each other's rows),
// commits, talks SMTP outside any transaction, then settles each row with a compare-and-set on the
// token. All times come from the database clock: the queue's due times default to the database's
// now(), and instances with skewed clocks must agree on when a lease has run out.
// See docs/decisions/0020-mail-outbox-worker.md.

export interface MailWorkerSettings {
  /** How often an idle worker looks for due mail; wake() cuts a wait short. */
  pollIntervalMs: number;
  batchSize: number;
  /** How long a claim keeps other workers off a row; a crashed worker's rows return after it. */
  leaseMs: number;
  /** Attempts (claims) before a message is marked failed for good. */
  maxAttempts: number;
  /** Wait after the first failure, doubled per further failure up to backoffCapMs. */
  backoffBaseMs: number;
  backoffCapMs: number;
}

export const DEFAULT_MAIL_WORKER_SETTINGS: MailWorkerSettings = {
  pollIntervalMs: 1000,
  batchSize: 10,
  leaseMs: 5 * 60_000,
  maxAttempts: 10,
  backoffBaseMs: 30_000,
  backoffCapMs: 60 * 60_000,
};

export interface MailWorkerLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface MailWorkerOptions extends Partial<MailWorkerSettings> {
  db: Db;
  smtpUrl: string;
  /** The From header, e.g. config.mailFrom. */
  from: string;
  /** Right-hand side of every Message-ID: the public host name, so ids differ per deployment. */
  messageIdDomain: string;
  /** Who sent it, in every message's footer (config.company). */
  company: CompanyDetails;
  log: MailWorkerLog;
}

export interface MailWorker {
  /** Starts polling (idempotent). */
  start(): void;
  /** Looks for due mail now instead of at the next poll. */
  wake(): void;
  /** One round: claims a batch, sends it and settles each row. Resolves with how many were claimed. */
  runOnce(): Promise<number>;
  /** Finishes the message in flight, hands back the rest of its claim, and stops. */
  stop(): Promise<void>;
}

export interface ClaimedMail {
  id: number;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  attachments: unknown;
  /** Including this claim. */
  attempts: number;
  createdAt: Date;
}

/** The wait after the attempts-th failed attempt: base × 2^(attempts-1), capped. */
export function mailBackoffMs(
  attempts: number,
  settings: Pick<MailWorkerSettings, 'backoffBaseMs' | 'backoffCapMs'>,
): number {
  const exponent = Math.max(0, attempts - 1);
  return Math.min(settings.backoffCapMs, settings.backoffBaseMs * 2 ** exponent);
}

/**
 * Stable across resends of one row, so a receiver can drop the duplicate sent when a worker dies
 * between the server's OK and our UPDATE. created_at keeps two databases' row 1 apart.
 */
export function outboxMessageId(row: { id: number; createdAt: Date }, domain: string): string {
  return `<outbox.${row.id}.${row.createdAt.getTime()}@${domain}>`;
}

const milliseconds = (ms: number) => sql`make_interval(secs => ${ms / 1000}::double precision)`;

/** Claims up to batchSize due rows for leaseMs under token, in one statement (one transaction). */
export async function claimMail(
  db: Db,
  claim: { batchSize: number; leaseMs: number; token: string },
): Promise<ClaimedMail[]> {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.status, 'pending'),
        lte(emailOutbox.nextAttemptAt, sql`now()`),
        or(isNull(emailOutbox.claimedUntil), lt(emailOutbox.claimedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(emailOutbox.id))
    .limit(claim.batchSize)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(emailOutbox)
    .set({
      claimedUntil: sql`now() + ${milliseconds(claim.leaseMs)}`,
      claimToken: claim.token,
      attempts: sql`${emailOutbox.attempts} + 1`,
    })
    .where(inArray(emailOutbox.id, due))
    .returning({
      id: emailOutbox.id,
      toAddress: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      textBody: emailOutbox.textBody,
      htmlBody: emailOutbox.htmlBody,
      attachments: emailOutbox.attachments,
      attempts: emailOutbox.attempts,
      createdAt: emailOutbox.createdAt,
    });
  return rows.sort((a, b) => a.id - b.id);
}

const heldBy = (id: number, token: string) =>
  and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'pending'), eq(emailOutbox.claimToken, token));

/**
 * Settling a message to an erased account (erase_once_sent_as set: its deletion confirmation)
 * erases it as the deletion erased the rest of their mail: the placeholder for the recipient,
 * no contents, no SMTP error (which may quote the address). Other rows keep what they have.
 */
const ERASED_ON_SETTLE = {
  toAddress: sql<string>`coalesce(${emailOutbox.eraseOnceSentAs}, ${emailOutbox.toAddress})`,
  textBody: sql<string>`case when ${emailOutbox.eraseOnceSentAs} is null then ${emailOutbox.textBody} else '' end`,
  htmlBody: sql<
    string | null
  >`case when ${emailOutbox.eraseOnceSentAs} is null then ${emailOutbox.htmlBody} end`,
  attachments: sql`case when ${emailOutbox.eraseOnceSentAs} is null then ${emailOutbox.attachments} end`,
  eraseOnceSentAs: null,
};

/** Marks a row sent if token still holds its claim. False: the lease ran out and another took it. */
export async function markMailSent(db: Db, id: number, token: string): Promise<boolean> {
  const rows = await db
    .update(emailOutbox)
    .set({
      status: 'sent',
      sentAt: sql`now()`,
      claimedUntil: null,
      claimToken: null,
      ...ERASED_ON_SETTLE,
    })
    .where(heldBy(id, token))
    .returning({ id: emailOutbox.id });
  return rows.length === 1;
}

/** The well-formed attachments of an outbox row (the column is free-form JSON). */
export function attachmentsOf(value: unknown): MailAttachment[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (a): a is MailAttachment =>
      typeof a === 'object' &&
      a !== null &&
      typeof (a as Record<string, unknown>).filename === 'string' &&
      typeof (a as Record<string, unknown>).content === 'string' &&
      typeof (a as Record<string, unknown>).contentType === 'string',
  );
}

export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, log } = options;
  const settings: MailWorkerSettings = {
    pollIntervalMs: options.pollIntervalMs ?? DEFAULT_MAIL_WORKER_SETTINGS.pollIntervalMs,
    batchSize: options.batchSize ?? DEFAULT_MAIL_WORKER_SETTINGS.batchSize,
    leaseMs: options.leaseMs ?? DEFAULT_MAIL_WORKER_SETTINGS.leaseMs,
    maxAttempts: options.maxAttempts ?? DEFAULT_MAIL_WORKER_SETTINGS.maxAttempts,
    backoffBaseMs: options.backoffBaseMs ?? DEFAULT_MAIL_WORKER_SETTINGS.backoffBaseMs,
    backoffCapMs: options.backoffCapMs ?? DEFAULT_MAIL_WORKER_SETTINGS.backoffCapMs,
  };
  // Timeouts well inside the lease, so a hung server cannot keep a message past its claim and
  // let a second worker send it too.
  const smtpTimeoutMs = Math.max(1000, Math.min(60_000, Math.floor(settings.leaseMs / 4)));
  // Pooled: a fresh connection per message costs a handshake (and often the server's reverse DNS
  // lookup) each time; one kept-open connection sends a batch many times faster.
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    pool: true,
    maxConnections: 1,
    connectionTimeout: smtpTimeoutMs,
    greetingTimeout: smtpTimeoutMs,
    socketTimeout: smtpTimeoutMs,
  });

  let stopping = false;
  let loop: Promise<void> | null = null;
  let woken = false;
  let interruptSleep: (() => void) | null = null;

  async function recordFailure(row: ClaimedMail, token: string, reason: string) {
    const givingUp = row.attempts >= settings.maxAttempts;
    const backoff = mailBackoffMs(row.attempts, settings);
    const settled = await db
      .update(emailOutbox)
      .set({
        status: givingUp ? 'failed' : 'pending',
        error: givingUp
          ? sql`case when ${emailOutbox.eraseOnceSentAs} is null then ${reason.slice(0, 500)}::text end`
          : reason.slice(0, 500),
        nextAttemptAt: sql`now() + ${milliseconds(backoff)}`,
        claimedUntil: null,
        claimToken: null,
        ...(givingUp ? ERASED_ON_SETTLE : {}),
      })
      .where(heldBy(row.id, token))
      .returning({ id: emailOutbox.id });
    if (settled.length === 0) return;
    if (givingUp) {
      log.error(
        { outboxId: row.id, attempts: row.attempts, reason },
        'mail not sent after the last attempt; marked failed in the outbox',
      );
    } else {
      log.warn(
        { outboxId: row.id, attempts: row.attempts, retryInMs: backoff, reason },
        'mail not sent; will retry',
      );
    }
  }

  async function deliver(row: ClaimedMail, token: string) {
    // An erased account's placeholder (.invalid) can never receive mail: nothing to try.
    if (isDeletedEmail(row.toAddress)) {
      await db
        .update(emailOutbox)
        .set({
          status: 'failed',
          error: 'the account was deleted',
          claimedUntil: null,
          claimToken: null,
        })
        .where(heldBy(row.id, token));
      return;
    }
    const bodies = withCompanyFooter({ text: row.textBody, html: row.htmlBody }, options.company);
    try {
      await transport.sendMail({
        from: options.from,
        to: row.toAddress,
        subject: row.subject,
        text: bodies.text,
        ...(bodies.html ? { html: bodies.html } : {}),
        attachments: attachmentsOf(row.attachments).map((a) => ({
          filename: a.filename,
          content: a.content,
          contentType: a.contentType,
        })),
        messageId: outboxMessageId(row, options.messageIdDomain),
      });
    } catch (error) {
      await recordFailure(row, token, error instanceof Error ? error.message : String(error));
      return;
    }
    if (!(await markMailSent(db, row.id, token))) {
      log.warn(
        { outboxId: row.id },
        'mail sent after its claim ran out; another worker may send it again (same Message-ID)',
      );
    }
  }

  /** Gives rows we will not get to back at once, without counting the claim as an attempt. */
  async function release(rows: ClaimedMail[], token: string) {
    if (rows.length === 0) return;
    await db
      .update(emailOutbox)
      .set({
        claimedUntil: null,
        claimToken: null,
        attempts: sql`${emailOutbox.attempts} - 1`,
      })
      .where(
        and(
          inArray(
            emailOutbox.id,
            rows.map((r) => r.id),
          ),
          eq(emailOutbox.status, 'pending'),
          eq(emailOutbox.claimToken, token),
        ),
      );
  }

  async function runOnce(): Promise<number> {
    const token = randomUUID();
    const claimed = await claimMail(db, {
      batchSize: settings.batchSize,
      leaseMs: settings.leaseMs,
      token,
    });
    const started = performance.now();
    for (const [index, row] of claimed.entries()) {
      // Half the lease gone (a slow server) or shutting down: hand the rest back rather than
      // risk sending after the lease, when another worker may already have taken the row.
      if (stopping || performance.now() - started > settings.leaseMs / 2) {
        await release(claimed.slice(index), token);
        break;
      }
      try {
        await deliver(row, token);
      } catch (error) {
        // The database failed us mid-row; the lease brings the row back to some worker.
        log.error({ err: error, outboxId: row.id }, 'mail worker could not settle a message');
      }
    }
    return claimed.length;
  }

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (woken || stopping) {
        resolve();
        return;
      }
      const timer = setTimeout(done, ms);
      // Like the hold sweep: a forgotten stop() must not keep the process alive.
      timer.unref();
      interruptSleep = done;
      function done() {
        clearTimeout(timer);
        interruptSleep = null;
        resolve();
      }
    });
  }

  async function poll() {
    while (!stopping) {
      woken = false;
      let claimed = 0;
      try {
        claimed = await runOnce();
      } catch (error) {
        log.error({ err: error }, 'mail worker could not claim mail');
      }
      // A full batch suggests more is due: go again without waiting.
      if (claimed < settings.batchSize) await sleep(settings.pollIntervalMs);
    }
  }

  return {
    start() {
      if (loop || stopping) return;
      loop = poll();
    },
    wake() {
      woken = true;
      interruptSleep?.();
    },
    runOnce,
    async stop() {
      stopping = true;
      interruptSleep?.();
      await loop;
      transport.close();
    },
  };
}
