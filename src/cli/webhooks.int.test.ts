import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataDirLock } from '../server/db/data-dir-lock';
import { eq } from 'drizzle-orm';
import { booking, webhookDelivery } from '../server/db/schema';
import { createWebhookWorker } from '../server/webhooks/webhook-worker';
import {
  at,
  holdOk,
  newCustomer,
  payRequest,
  setUpBookingTest,
  type BookingTestEnv,
} from '../test-support/booking-fixtures';
import { CLI_TIMEOUT_MS, runCli } from '../test-support/run-cli';
import { serveDataDir } from '../test-support/serve-data-dir';
import { testDatabaseKinds } from '../test-support/test-database';
import { startWebhookReceiver, type WebhookReceiver } from '../test-support/test-webhook-receiver';

// `npm run admin -- webhooks`, run as a real child process: through a running server's internal
// API (the server holds the data folder, as on PGlite), and straight to DATABASE_URL on PostgreSQL.

const SECRET = 'test-webhook-secret-0123456789abcdef';

let workDir: string;
beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'admin-webhooks-test-'));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

it(
  'exits 2 with the usage for a bad webhooks option',
  async () => {
    for (const args of [
      ['webhooks', '--status', 'delivered'],
      ['webhooks', 'retry'],
      ['webhooks', 'retry', 'abc'],
    ]) {
      const run = await runCli(args, { DATA_DIR: path.join(workDir, 'untouched') });
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toContain('Usage: npm run admin -- <command>');
    }
  },
  CLI_TIMEOUT_MS,
);

describe.each(testDatabaseKinds('one'))(
  'admin webhooks command on %s',
  (kind) => {
    let receiver: WebhookReceiver;
    let env: BookingTestEnv;
    let lock: DataDirLock;
    let served: Record<string, string>;
    const refs: string[] = [];
    const worker = (settings = {}) =>
      createWebhookWorker({
        db: env.database.db,
        secret: SECRET,
        log: { warn: () => undefined },
        settings,
      });

    beforeAll(async () => {
      const dataDir = path.join(workDir, `served-${kind}`);
      const server = await serveDataDir(dataDir);
      lock = server.lock;
      receiver = await startWebhookReceiver();
      env = await setUpBookingTest(kind, {
        env: { WEBHOOK_URLS: `${receiver.baseUrl}/hook`, WEBHOOK_SECRET: SECRET },
        deps: { webhookWorker: false, cliToken: server.token },
      });
      await server.listen(env.app);
      served = { DATA_DIR: dataDir };

      // One delivery failed for good (refused, by a worker that gives up at once), one waiting.
      const customer = await newCustomer(env.app, env.database.db);
      for (const startsAt of [at('2026-11-24', '10:00'), at('2026-11-24', '12:00')]) {
        const held = await holdOk(env.app, customer, { startsAt });
        expect((await payRequest(env.app, customer, held.id)).statusCode).toBe(200);
        const [row] = await env.database.db
          .select({ reference: booking.reference })
          .from(booking)
          .where(eq(booking.id, held.id));
        refs.push(row?.reference ?? '');
        if (refs.length === 1) {
          receiver.answerNext('/hook', 500);
          expect(await worker({ giveUpAfterMs: 0 }).drain()).toBe(1);
        }
      }
    });
    afterAll(async () => {
      await env?.app.close();
      await lock?.release();
      await env?.database.destroy();
      await receiver?.close();
    });

    it('lists pending and failed deliveries, retries one, and refuses what cannot be retried', async () => {
      const ids = (
        await env.database.db.select().from(webhookDelivery).orderBy(webhookDelivery.id)
      ).map((d) => d.id);
      const all = await runCli(['webhooks'], served);
      expect(all.stderr).toBe('');
      expect(all.code).toBe(0);
      const lines = all.stdout.split('\n');
      expect(lines[0]).toMatch(
        /^ID\s+STATUS\s+EVENT\s+BOOKING\s+TRIES\s+NEXT TRY \(UTC\)\s+LAST ANSWER\s+URL$/,
      );
      expect(lines[1]).toMatch(
        new RegExp(
          `^${ids[0]}\\s+failed\\s+booking\\.confirmed\\s+${refs[0]}\\s+1\\s+-\\s+500\\s+http`,
        ),
      );
      expect(lines[2]).toMatch(
        new RegExp(`^${ids[1]}\\s+pending\\s+booking\\.confirmed\\s+${refs[1]}\\s+0\\s+\\d{4}-`),
      );
      expect(all.stdout).toContain(`Last errors:\n  ${ids[0]}: answered 500: not now\n`);

      const failed = await runCli(['webhooks', '--status=failed'], served);
      expect(failed.stdout.split('\n').filter((l) => /^\d/.test(l))).toHaveLength(1);

      const retried = await runCli(['webhooks', 'retry', String(ids[0])], served);
      expect(retried.stdout).toBe(
        `Webhook delivery ${ids[0]} (booking.confirmed, booking ${refs[0]}) is due now; 1 earlier attempt.\n`,
      );
      expect(retried.code).toBe(0);

      const unknown = await runCli(['webhooks', 'retry', '987654'], served);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toBe('No webhook delivery 987654.\n');

      expect(await worker().drain()).toBe(2);
      const direct =
        kind === 'postgres' && env.database.url ? { DATABASE_URL: env.database.url } : served;
      const none = await runCli(['webhooks', '--status', 'pending'], direct);
      expect(none.stdout).toBe('No pending webhook deliveries.\n');
      expect(none.code).toBe(0);
      const delivered = await runCli(['webhooks', 'retry', String(ids[0])], direct);
      expect(delivered.code).toBe(1);
      expect(delivered.stderr).toBe(
        `Webhook delivery ${ids[0]} was delivered already; it is not sent again.\n`,
      );
    });
  },
  CLI_TIMEOUT_MS,
);
