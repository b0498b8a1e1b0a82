import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import webPush from 'web-push';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import { createPushPoster } from './post-push';
import { pushEndpointProblem, type PushEndpointPolicy } from './push-endpoint';
import { PushEndpointRefused, type ResolveHost } from './push-lookup';
import type { VapidKeys } from './vapid-keys';

// Sends what enqueuePush wrote, like the mail worker sends mail (docs/decisions/0020): a batch is
// claimed in one short statement (a lease and a token, FOR UPDATE SKIP LOCKED, so instances never
// share a row), the push services are called outside any transaction, and each row is settled by
// a compare-and-set on the token. web-push encrypts and signs; post-push.ts sends, connecting
// only to an address it has checked is public (decision 0066): an endpoint refused there, or one
// the saving rules no longer accept, is forgotten like a device its push service says is gone.
// See docs/decisions/0033-push-and-reminders.md.

export interface PushWorkerSettings {
  batchSize: number;
  leaseMs: number;
  maxAttempts: number;
  backoffBaseMs: number;
  backoffCapMs: number;
  /** Per request; well inside the lease so a hung push service cannot outlast the claim. */
  requestTimeoutMs: number;
  /** The system resolver unless a test gives one (a name that resolves somewhere new). */
  resolveHost?: ResolveHost;
}

export const DEFAULT_PUSH_WORKER_SETTINGS: PushWorkerSettings = {
  batchSize: 20,
  leaseMs: 2 * 60_000,
  maxAttempts: 8,
  backoffBaseMs: 30_000,
  backoffCapMs: 60 * 60_000,
  requestTimeoutMs: 15_000,
};

export interface PushWorkerLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

interface ClaimedPush {
  id: number;
  subscription_id: string;
  payload: unknown;
  ttl_seconds: number;
  topic: string | null;
  attempts: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  expired: boolean;
}

/** What a push service's answer means for the row and the device. */
export type PushOutcome = 'sent' | 'gone' | 'retry' | 'failed';

/** Why the device is forgotten: the service said so, or we will never send to its endpoint. */
type Settlement = PushOutcome | 'refused';

/** RFC 8030: 201 accepted; 404/410 the subscription no longer exists; 429/5xx try later. */
export function outcomeOf(status: number): PushOutcome {
  if (status >= 200 && status < 300) return 'sent';
  if (status === 404 || status === 410) return 'gone';
  if (status === 429 || status >= 500) return 'retry';
  return 'failed';
}

const milliseconds = (ms: number) => sql`make_interval(secs => ${ms / 1000}::double precision)`;

export function createPushWorker(options: {
  db: Db;
  vapid: VapidKeys;
  subject: string;
  log: PushWorkerLog;
  /** The rules endpoints were saved under, applied again at every send (config.push). */
  endpoints: PushEndpointPolicy;
  settings?: Partial<PushWorkerSettings>;
}) {
  const { db, vapid, subject, log, endpoints } = options;
  const settings = { ...DEFAULT_PUSH_WORKER_SETTINGS, ...options.settings };
  const postPush = createPushPoster({
    allowLocal: endpoints.allowLocalEndpoints && endpoints.serviceHosts === null,
    ...(settings.resolveHost ? { resolve: settings.resolveHost } : {}),
  });

  async function claim(token: string): Promise<ClaimedPush[]> {
    const rows = await queryRows<ClaimedPush>(
      db,
      sql`with due as (
            select id from push_outbox
            where status = 'pending' and next_attempt_at <= now()
              and (claimed_until is null or claimed_until < now())
            order by id limit ${settings.batchSize}
            for update skip locked
          ), claimed as (
            update push_outbox o
            set claimed_until = now() + ${milliseconds(settings.leaseMs)}, claim_token = ${token},
                attempts = o.attempts + 1
            from due where o.id = due.id
            returning o.id, o.subscription_id, o.payload, o.ttl_seconds, o.topic, o.attempts,
                      o.created_at + make_interval(secs => o.ttl_seconds) < now() as expired
          )
          select c.*, s.endpoint, s.p256dh, s.auth
          from claimed c join push_subscription s on s.id = c.subscription_id
          order by c.id`,
    );
    return rows.map((r) => ({ ...r, id: Number(r.id) }));
  }

  async function settle(row: ClaimedPush, token: string, outcome: Settlement, error?: string) {
    if (outcome === 'gone' || outcome === 'refused') {
      // The browser dropped the subscription, or it points where we never send: forget the
      // device, and with it its queued pushes.
      await db.execute(sql`delete from push_subscription where id = ${row.subscription_id}`);
      if (outcome === 'gone')
        log.info({ pushId: row.id }, 'push subscription gone; device forgotten');
      else
        log.warn(
          { pushId: row.id, subscriptionId: row.subscription_id, error },
          'push endpoint refused; device forgotten',
        );
      return;
    }
    const givingUp = outcome === 'failed' || row.attempts >= settings.maxAttempts;
    const backoff = Math.min(
      settings.backoffCapMs,
      settings.backoffBaseMs * 2 ** Math.max(0, row.attempts - 1),
    );
    const status = outcome === 'sent' ? 'sent' : givingUp ? 'failed' : 'pending';
    await db.execute(
      sql`update push_outbox
          set status = ${status}, error = ${error?.slice(0, 500) ?? null},
              sent_at = case when ${status} = 'sent' then now() else sent_at end,
              next_attempt_at = case when ${status} = 'pending'
                then now() + ${milliseconds(backoff)} else next_attempt_at end,
              claimed_until = null, claim_token = null
          where id = ${row.id} and status = 'pending' and claim_token = ${token}`,
    );
    if (outcome !== 'sent')
      log.warn({ pushId: row.id, attempts: row.attempts, error }, 'push not delivered');
  }

  async function deliver(row: ClaimedPush, token: string): Promise<void> {
    if (row.expired) {
      await settle(row, token, 'failed', 'expired before delivery (its TTL ran out)');
      return;
    }
    // A row saved under older, looser rules (or another PUSH_SERVICE_HOSTS) is not sent to.
    const problem = pushEndpointProblem(row.endpoint, endpoints);
    if (problem) {
      await settle(row, token, 'refused', problem);
      return;
    }
    let outcome: Settlement;
    let error: string | undefined;
    try {
      const request = webPush.generateRequestDetails(
        { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
        JSON.stringify(row.payload),
        {
          vapidDetails: { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
          TTL: row.ttl_seconds,
          urgency: 'high',
          ...(row.topic ? { topic: row.topic } : {}),
        },
      );
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([k, v]) => [k, String(v)]),
      );
      const body = request.body ?? Buffer.alloc(0);
      const answer = await postPush(
        { endpoint: request.endpoint, headers, body },
        settings.requestTimeoutMs,
      );
      outcome = outcomeOf(answer.status);
      if (answer.status >= 300) error = `push service answered ${answer.status}: ${answer.text}`;
    } catch (failure) {
      // Refused at connect: the name resolves to an address we never send to. Anything else (an
      // unreachable service, a timeout, a key web-push cannot use) is tried again later.
      outcome = failure instanceof PushEndpointRefused ? 'refused' : 'retry';
      error = failure instanceof Error ? failure.message : String(failure);
    }
    await settle(row, token, outcome, error);
  }

  return {
    /** One round: claims a batch, sends it and settles each row. Resolves with how many were claimed. */
    async runOnce(): Promise<number> {
      const token = randomUUID();
      const claimed = await claim(token);
      // One device's slow service must not hold up the others: the batch goes out together.
      await Promise.all(claimed.map((row) => deliver(row, token)));
      return claimed.length;
    },
    /** Rounds until nothing is due (a full batch suggests more is waiting). */
    async drain(): Promise<number> {
      let total = 0;
      for (;;) {
        const n = await this.runOnce();
        total += n;
        if (n < settings.batchSize) return total;
      }
    },
  };
}

export type PushWorker = ReturnType<typeof createPushWorker>;
