import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliverySchema, webhookListAnswer } from '../../contract/webhooks';
import {
  at,
  holdOk,
  newCustomer,
  payRequest,
  setUpBookingTest,
  type BookingTestEnv,
} from '../../test-support/booking-fixtures';
import { testDatabaseKinds } from '../../test-support/test-database';
import {
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../test-support/test-webhook-receiver';
import { createWebhookWorker } from '../webhooks/webhook-worker';

// /api/internal/webhooks: what an operator sees of deliveries that wait or failed, and a retry.

const auth = { authorization: 'Bearer test-internal-token-0123456789abcdef' };
const SECRET = 'test-webhook-secret-0123456789abcdef';

for (const kind of testDatabaseKinds('one')) {
  describe(`internal webhook routes on ${kind}`, () => {
    let receiver: WebhookReceiver;
    let env: BookingTestEnv;
    const ids: string[] = [];

    const get = (url: string, headers: Record<string, string> = auth) =>
      env.app.inject({ method: 'GET', url, headers });
    const retry = (id: number | string) =>
      env.app.inject({ method: 'POST', url: `/api/internal/webhooks/${id}/retry`, headers: auth });
    const list = async (query = '') => {
      const res = await get(`/api/internal/webhooks${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return webhookListAnswer.parse(res.json());
    };

    beforeAll(async () => {
      receiver = await startWebhookReceiver();
      env = await setUpBookingTest(kind, {
        env: { WEBHOOK_URLS: `${receiver.baseUrl}/hook`, WEBHOOK_SECRET: SECRET },
        deps: { webhookWorker: false },
      });
      // The first booking's event is refused once, by a worker that gives up at the first failure.
      const customer = await newCustomer(env.app, env.database.db);
      for (const startsAt of [at('2026-11-24', '10:00'), at('2026-11-24', '12:00')]) {
        const held = await holdOk(env.app, customer, { startsAt });
        expect((await payRequest(env.app, customer, held.id)).statusCode).toBe(200);
        ids.push(held.id);
        if (ids.length === 1) {
          receiver.answerNext('/hook', 500);
          const once = { backoffBaseMs: 0, giveUpAfterMs: 0 };
          const worker = createWebhookWorker({
            db: env.database.db,
            secret: SECRET,
            log: { warn: () => undefined },
            settings: once,
          });
          expect(await worker.drain()).toBe(1);
        }
      }
    });
    afterAll(async () => {
      await env.app.close();
      await env.database.destroy();
      await receiver.close();
    });

    it('lists failed and pending deliveries with what the receiver last said', async () => {
      const all = await list();
      expect(all.hasMore).toBe(false);
      expect(all.deliveries.map((d) => [d.bookingId, d.status, d.attempts, d.lastStatus])).toEqual([
        [ids[0], 'failed', 1, 500],
        [ids[1], 'pending', 0, null],
      ]);
      expect(all.deliveries[0]).toMatchObject({
        type: 'booking.confirmed',
        url: `${receiver.baseUrl}/hook`,
        bookingReference: expect.stringMatching(/^[A-Z0-9]{8}$/),
        lastError: 'answered 500: not now',
        deliveredAt: null,
      });
      expect((await list('?status=failed')).deliveries.map((d) => d.bookingId)).toEqual([ids[0]]);
      expect((await list('?status=pending&limit=1')).deliveries.map((d) => d.bookingId)).toEqual([
        ids[1],
      ]);
      expect((await list('?limit=1')).hasMore).toBe(true);
    });

    it('makes a failed delivery pending and due again, keeping its attempts', async () => {
      const [failed] = (await list('?status=failed')).deliveries;
      if (!failed) throw new Error('no failed delivery');
      const res = await retry(failed.id);
      expect(res.statusCode, res.body).toBe(200);
      const view = webhookDeliverySchema.parse(res.json());
      expect(view).toMatchObject({
        id: failed.id,
        status: 'pending',
        attempts: 1,
        lastStatus: 500,
      });
      expect(Date.parse(view.nextAttemptAt)).toBeLessThanOrEqual(Date.now() + 1000);

      const worker = createWebhookWorker({
        db: env.database.db,
        secret: SECRET,
        log: { warn: () => undefined },
      });
      expect(await worker.drain()).toBe(2);
      expect((await list()).deliveries).toEqual([]);
      const again = await retry(failed.id);
      expect(again.statusCode).toBe(409);
      expect(again.headers['content-type']).toContain('application/problem+json');
      expect(again.json().detail).toContain('delivered already');
      expect(again.json().code).toBe('already_delivered');
    });

    it('answers wrong input with problem+json', async () => {
      expect((await retry(987654)).json()).toMatchObject({
        status: 404,
        detail: 'No webhook delivery 987654.',
      });
      for (const bad of ['abc', '0', '1.5']) {
        const res = await retry(bad);
        expect(res.statusCode, bad).toBe(400);
        expect(res.headers['content-type']).toContain('application/problem+json');
      }
      const status = await get('/api/internal/webhooks?status=delivered');
      expect(status.statusCode).toBe(400);
      expect(status.json().errors[0].message).toBe('must be pending or failed');
      expect((await get('/api/internal/webhooks', {})).statusCode).toBe(401);
    });

    it('describes both routes in the OpenAPI document', async () => {
      const doc = (await get('/api/docs')).json<{
        paths: Record<string, Record<string, { tags: string[] }>>;
      }>();
      expect(doc.paths['/api/internal/webhooks']?.get?.tags).toEqual(['internal']);
      expect(doc.paths['/api/internal/webhooks/{id}/retry']?.post?.tags).toEqual(['internal']);
    });
  });
}
