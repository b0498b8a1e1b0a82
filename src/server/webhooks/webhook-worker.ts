import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import { signWebhook } from './webhook-signature';
import {
  DEFAULT_WEBHOOK_RETRY,
  nextRetryInMs,
  type WebhookRetrySettings,
} from './webhook-schedule';

// Sends what enqueueBookingWebhooks wrote, like the push and mail workers (docs/decisions/0020,
// 0035): a batch is claimed in one statement (a lease and a token, FOR UPDATE SKIP LOCKED, so two
// instances never make the same attempt at once), the receivers are called outside any
// transaction, and each row is settled by a compare-and-set on the token. At least once: a crash
// after the receiver answered but before the settle sends the event again once the lease ends,
// and receivers dedupe on the event id.

export interface WebhookWorkerSettings extends WebhookRetrySettings {
  batchSize: number;
  leaseMs: number;
  /** Per request; well inside the lease so a hung receiver cannot outlast the claim. */
  requestTimeoutMs: number;
  /** Rounds per drain: a receiver answering at once must not keep one pass going for ever. */
  maxRounds: number;
}

export const DEFAULT_WEBHOOK_WORKER_SETTINGS: WebhookWorkerSettings = {
  ...DEFAULT_WEBHOOK_RETRY,
  batchSize: 20,
  leaseMs: 60_000,
  requestTimeoutMs: 10_000,
  maxRounds: 50,
};

export const WEBHOOK_USER_AGENT = 'GlowAtHome-Webhooks/1.0';

export interface WebhookWorkerLog {
  warn(details: object, message: string): void;
}

interface ClaimedDelivery {
  id: number;
  event_id: string;
  url: string;
  payload: unknown;
  attempts: number;
  age_ms: number;
}

type Outcome = { status: number | null; error: string | null };

const milliseconds = (ms: number) => sql`make_interval(secs => ${ms / 1000}::double precision)`;

export function createWebhookWorker(options: {
  db: Db;
  secret: string;
  log: WebhookWorkerLog;
  settings?: Partial<WebhookWorkerSettings>;
  /** The signature's time; receivers compare it with their own clock, so a real one. */
  now?: () => Date;
}) {
  const { db, secret, log } = options;
  const settings = { ...DEFAULT_WEBHOOK_WORKER_SETTINGS, ...options.settings };
  const now = options.now ?? (() => new Date());

  // In order per booking and URL: a delivery waits while an earlier one of its booking to the same
  // URL is pending (waiting or in flight). One that finally failed no longer holds the others up.
  async function claim(token: string): Promise<ClaimedDelivery[]> {
    const rows = await queryRows<ClaimedDelivery>(
      db,
      sql`with due as (
            select d.id from webhook_delivery d
            where d.status = 'pending' and d.next_attempt_at <= now()
              and (d.claimed_until is null or d.claimed_until < now())
              and not exists (
                select 1 from webhook_delivery e
                where e.booking_id = d.booking_id and e.url = d.url and e.id < d.id
                  and e.status = 'pending')
            order by d.id limit ${settings.batchSize}
            for update of d skip locked
          )
          update webhook_delivery w
          set claimed_until = now() + ${milliseconds(settings.leaseMs)}, claim_token = ${token},
              attempts = w.attempts + 1
          from due where w.id = due.id
          returning w.id, w.event_id, w.url, w.payload, w.attempts,
                    (extract(epoch from now() - w.created_at) * 1000)::float8 as age_ms`,
    );
    return rows.map((r) => ({ ...r, id: Number(r.id), age_ms: Number(r.age_ms) }));
  }

  async function send(row: ClaimedDelivery): Promise<Outcome> {
    // The exact bytes signed are the bytes sent; receivers verify before parsing.
    const body = JSON.stringify(row.payload);
    const t = Math.floor(now().getTime() / 1000);
    try {
      const response = await fetch(row.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': WEBHOOK_USER_AGENT,
          'webhook-id': row.event_id,
          'webhook-signature': signWebhook(secret, body, t),
        },
        body,
        // A redirect is an answer we do not follow: the signed event goes only where configured.
        redirect: 'manual',
        signal: AbortSignal.timeout(settings.requestTimeoutMs),
      });
      if (response.status >= 200 && response.status < 300) {
        await response.body?.cancel();
        return { status: response.status, error: null };
      }
      const text = (await response.text()).slice(0, 200);
      return { status: response.status, error: `answered ${response.status}: ${text}` };
    } catch (failure) {
      const cause = (failure as { cause?: { message?: string } }).cause?.message;
      const message = failure instanceof Error ? failure.message : String(failure);
      return { status: null, error: cause ? `${message}: ${cause}` : message };
    }
  }

  async function settle(row: ClaimedDelivery, token: string, outcome: Outcome): Promise<void> {
    const delivered = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
    const retryIn = delivered ? null : nextRetryInMs(row.attempts, row.age_ms, settings);
    const status = delivered ? 'delivered' : retryIn === null ? 'failed' : 'pending';
    await db.execute(
      sql`update webhook_delivery
          set status = ${status}, last_status = ${outcome.status},
              last_error = ${outcome.error?.slice(0, 500) ?? null},
              delivered_at = case when ${status} = 'delivered' then now() else delivered_at end,
              next_attempt_at = case when ${status} = 'pending'
                then now() + ${milliseconds(retryIn ?? 0)} else next_attempt_at end,
              claimed_until = null, claim_token = null
          where id = ${row.id} and status = 'pending' and claim_token = ${token}`,
    );
    if (!delivered) {
      log.warn(
        { webhookDeliveryId: row.id, url: row.url, attempts: row.attempts, error: outcome.error },
        status === 'failed'
          ? 'webhook failed; no more retries'
          : 'webhook not delivered; will retry',
      );
    }
  }

  return {
    /** One round: claims a batch, sends it and settles each row. Resolves with how many were claimed. */
    async runOnce(): Promise<number> {
      const token = randomUUID();
      const claimed = await claim(token);
      // Each row is the head of its own booking's queue, so the batch can go out together.
      await Promise.all(claimed.map(async (row) => settle(row, token, await send(row))));
      return claimed.length;
    },
    /** Rounds until nothing is due: a delivery settled in one round may free the next of its booking. */
    async drain(): Promise<number> {
      let total = 0;
      for (let round = 0; round < settings.maxRounds; round++) {
        const n = await this.runOnce();
        total += n;
        if (n === 0) break;
      }
      return total;
    },
  };
}

export type WebhookWorker = ReturnType<typeof createWebhookWorker>;
