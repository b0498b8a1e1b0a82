import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushPayloadSchema } from '../../contract/push-message';
import {
  holdOk,
  newCustomer,
  payRequest,
  post,
  setUpBookingTest,
  type BookingCustomer,
  type BookingTestEnv,
} from '../../test-support/booking-fixtures';
import { buildTestApp } from '../../test-support/test-app';
import { testConfig } from '../../test-support/test-config';
import { testDatabaseKinds } from '../../test-support/test-database';
import {
  decryptPush,
  newDeviceKeys,
  startTestPushService,
  verifyVapid,
  type DeviceKeys,
  type TestPushService,
} from '../../test-support/test-push-service';
import { pushOutbox, pushSubscription } from '../db/schema';
import { enqueuePush } from './push-outbox';
import { createPushWorker, type PushWorker } from './push-worker';
import { MAX_DEVICES_PER_CUSTOMER, savePushSubscription } from './save-push-subscription';
import { resolveVapidKeys } from './vapid-keys';

const silent = { info: () => undefined, warn: () => undefined };
const SUBJECT = 'mailto:bookings@example.com';

for (const kind of testDatabaseKinds('every')) {
  describe(`Web Push on ${kind}`, () => {
    let env: BookingTestEnv;
    let service: TestPushService;
    let worker: PushWorker;
    let publicKey: string;
    let ada: BookingCustomer;
    let ben: BookingCustomer;

    const subscribe = (c: BookingCustomer | null, endpoint: string, device: DeviceKeys) =>
      env.app.inject({
        method: 'POST',
        url: '/api/me/push-subscriptions',
        headers: c?.headers ?? { origin: 'http://localhost:3000' },
        payload: { endpoint, expirationTime: null, keys: device.json },
      });
    const devicesOf = (userId: string) =>
      env.database.db.select().from(pushSubscription).where(eq(pushSubscription.userId, userId));
    const received = (endpoint: string) =>
      service.received.filter((r) => r.path === new URL(endpoint).pathname);

    beforeAll(async () => {
      // The app runs its own push worker, as every instance does, and under load it may send
      // before this test's worker drains: both sign as the same configured subject. The push
      // service is on 127.0.0.1 over http, which only this setting lets in (decision 0066).
      env = await setUpBookingTest(kind, {
        env: { VAPID_SUBJECT: SUBJECT, PUSH_ALLOW_LOCAL_ENDPOINTS: 'true' },
      });
      service = await startTestPushService();
      ada = await newCustomer(env.app, env.database.db);
      ben = await newCustomer(env.app, env.database.db);
      const keys = await resolveVapidKeys(env.database.db, testConfig());
      if (!keys) throw new Error('no VAPID keys outside production');
      publicKey = keys.publicKey;
      worker = createPushWorker({
        db: env.database.db,
        vapid: keys,
        subject: SUBJECT,
        endpoints: testConfig({ PUSH_ALLOW_LOCAL_ENDPOINTS: 'true' }).push,
        log: silent,
      });
    });
    afterAll(async () => {
      await env.app.close();
      await service.close();
      await env.database.destroy();
    });

    it('gives browsers one public key, kept in the database for every instance', async () => {
      const res = await env.app.inject({ method: 'GET', url: '/api/push/public-key' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ publicKey });
      expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
      const second = await buildTestApp(env.database);
      const again = await second.inject({ method: 'GET', url: '/api/push/public-key' });
      await second.close();
      expect(again.json()).toEqual({ publicKey });
      // Production makes no keys of its own: without configured ones, push is off.
      expect(
        await resolveVapidKeys(env.database.db, { ...testConfig(), isProduction: true }),
      ).toBeNull();
    });

    it('keeps one subscription per device, several per customer, for signed-in customers only', async () => {
      const phone = service.endpoint('ada-phone');
      const laptop = service.endpoint('ada-laptop');
      const [k1, k2] = [newDeviceKeys(), newDeviceKeys()];
      expect((await subscribe(null, phone, k1)).statusCode).toBe(401);
      const bad = await env.app.inject({
        method: 'POST',
        url: '/api/me/push-subscriptions',
        headers: ada.headers,
        payload: { endpoint: phone, keys: { p256dh: 'short', auth: k1.json.auth } },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.headers['content-type']).toMatch(/problem\+json/);

      expect((await subscribe(ada, phone, k1)).json()).toMatchObject({ devices: 1 });
      // Merge-written: the same device again refreshes its keys, it does not add a device.
      const refreshed = newDeviceKeys();
      expect((await subscribe(ada, phone, refreshed)).json()).toMatchObject({ devices: 1 });
      expect((await devicesOf(ada.id))[0]?.p256dh).toBe(refreshed.json.p256dh);
      expect((await subscribe(ada, laptop, k2)).json()).toMatchObject({ devices: 2 });

      // Ben signs in on Ada's laptop: the laptop is his now, and Ada keeps her phone.
      expect((await subscribe(ben, laptop, k2)).json()).toMatchObject({ devices: 1 });
      expect((await devicesOf(ada.id)).map((d) => d.endpoint)).toEqual([phone]);
      expect((await devicesOf(ben.id)).map((d) => d.endpoint)).toEqual([laptop]);
    });

    it("pushes a confirmed booking to the customer's device, encrypted for it and signed by us", async () => {
      const endpoint = service.endpoint('cleo-phone');
      const device = newDeviceKeys();
      const cleo = await newCustomer(env.app, env.database.db);
      expect((await subscribe(cleo, endpoint, device)).statusCode).toBe(200);
      const held = await holdOk(env.app, cleo);
      expect((await payRequest(env.app, cleo, held.id)).statusCode).toBe(200);

      await worker.drain();
      await expect.poll(() => received(endpoint).length).toBe(1);
      const [push] = received(endpoint);
      if (!push) throw new Error('no push');
      const message = pushPayloadSchema.parse(JSON.parse(decryptPush(push.body, device)));
      expect(message).toMatchObject({
        title: 'Booking confirmed',
        url: '/account/appointments',
        tag: `booking-${held.id}`,
      });
      expect(message.body).toMatch(/^Massage with Anna, Tue 24 Nov, 10:00\.$/);
      expect(push.headers['content-encoding']).toBe('aes128gcm');
      expect(push.headers.ttl).toBe('86400');
      expect(push.headers.topic).toBe(held.id.replace(/-/g, ''));
      const vapid = verifyVapid(push.headers.authorization);
      expect(vapid.k).toBe(publicKey);
      expect(vapid.aud).toBe(service.origin);
      expect(vapid.sub).toBe(SUBJECT);

      // Sent once: another round, or another instance, finds nothing left to send.
      await worker.drain();
      expect(received(endpoint)).toHaveLength(1);
      const rows = await env.database.db.select().from(pushOutbox);
      expect(rows.filter((r) => r.dedupeKey.startsWith(`booking-${held.id}-confirmed:`))).toEqual([
        expect.objectContaining({ status: 'sent', attempts: 1 }),
      ]);
    });

    it('forgets a device the push service says is gone (410), and keeps the others', async () => {
      const gone = service.endpoint('dan-old-phone');
      const kept = service.endpoint('dan-new-phone');
      const [oldKeys, newKeys] = [newDeviceKeys(), newDeviceKeys()];
      const dan = await newCustomer(env.app, env.database.db);
      await subscribe(dan, gone, oldKeys);
      await subscribe(dan, kept, newKeys);
      service.answer(gone, 410);
      const held = await holdOk(env.app, dan, { startsAt: '2026-11-25T10:00:00.000Z' });
      expect((await payRequest(env.app, dan, held.id)).statusCode).toBe(200);
      expect((await post(env.app, dan, `/api/bookings/${held.id}/cancel`)).statusCode).toBe(200);

      await worker.drain();
      await expect
        .poll(async () => (await devicesOf(dan.id)).map((d) => d.endpoint))
        .toEqual([kept]);
      await expect.poll(() => received(kept).length).toBe(2);
      const titles = received(kept).map(
        (p) => pushPayloadSchema.parse(JSON.parse(decryptPush(p.body, newKeys))).title,
      );
      expect(titles.sort()).toEqual(['Booking cancelled', 'Booking confirmed']);
      expect(received(gone)).toHaveLength(0);
    });

    it('forgets this device when its owner signs out of it, and only for its owner', async () => {
      const endpoint = service.endpoint('erin-tablet');
      const erin = await newCustomer(env.app, env.database.db);
      await subscribe(erin, endpoint, newDeviceKeys());
      const remove = (c: BookingCustomer) =>
        env.app.inject({
          method: 'DELETE',
          url: '/api/me/push-subscriptions',
          headers: c.headers,
          payload: { endpoint },
        });
      expect((await remove(ben)).statusCode).toBe(204);
      expect(await devicesOf(erin.id)).toHaveLength(1);
      expect((await remove(erin)).statusCode).toBe(204);
      expect(await devicesOf(erin.id)).toHaveLength(0);
      expect((await remove(erin)).statusCode).toBe(204);
    });

    it('keeps at most 10 devices per customer, forgetting the least recently refreshed', async () => {
      const hana = await newCustomer(env.app, env.database.db);
      const endpoints = Array.from({ length: MAX_DEVICES_PER_CUSTOMER + 1 }, (_, i) =>
        service.endpoint(`hana-${i}`),
      );
      for (const [i, endpoint] of endpoints.entries()) {
        env.clock.advanceMinutes(1);
        const saved = await subscribe(hana, endpoint, newDeviceKeys());
        expect(saved.json()).toMatchObject({ devices: Math.min(i + 1, MAX_DEVICES_PER_CUSTOMER) });
      }
      const kept = (await devicesOf(hana.id)).map((d) => d.endpoint).sort();
      expect(kept).toEqual(endpoints.slice(1).sort());
    });

    it('refuses, in production, an endpoint that is not a push service', async () => {
      const ivy = await newCustomer(env.app, env.database.db);
      const production = {
        ...testConfig(),
        push: { ...testConfig().push, serviceHosts: ['fcm.googleapis.com'] },
      };
      const ctx = { db: env.database.db, config: production, now: env.clock.now };
      const input = { endpoint: 'http://169.254.169.254/latest', keys: newDeviceKeys().json };
      await expect(savePushSubscription(ctx, ivy.id, input)).rejects.toMatchObject({
        status: 422,
        code: 'push_endpoint_refused',
      });
      expect(await devicesOf(ivy.id)).toHaveLength(0);
      const real = { ...input, endpoint: 'https://fcm.googleapis.com/fcm/send/abc' };
      expect(await savePushSubscription(ctx, ivy.id, real)).toMatchObject({ devices: 1 });
    });

    it('retries a push the service could not take (5xx) later, and drops one whose TTL ran out', async () => {
      const busy = service.endpoint('jack-busy');
      const jack = await newCustomer(env.app, env.database.db);
      await subscribe(jack, busy, newDeviceKeys());
      service.answer(busy, 503);
      const queued = await enqueuePush(env.database.db, {
        userId: jack.id,
        message: { title: 'Later', body: 'b', url: '/account', tag: 't' },
        dedupeKey: `retry-${jack.id}`,
        ttlSeconds: 3600,
      });
      expect(queued).toBe(1);
      // This test's worker or the app's own (both claim with SKIP LOCKED) settles it.
      const row = async () => {
        const [found] = await env.database.db
          .select()
          .from(pushOutbox)
          .where(like(pushOutbox.dedupeKey, `retry-${jack.id}:%`));
        if (!found) throw new Error('no push row');
        return found;
      };
      await worker.drain();
      await expect.poll(async () => (await row()).error).toMatch(/503/);
      const retrying = await row();
      expect(retrying).toMatchObject({ status: 'pending', attempts: 1 });
      expect(retrying.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);

      // Its time comes again only after its TTL has passed: it is dropped, not sent stale.
      service.answer(busy, 201);
      await env.database.db.execute(
        sql`update push_outbox set next_attempt_at = now(), created_at = now() - interval '2 hours'
            where id = ${retrying.id}`,
      );
      await worker.drain();
      await expect.poll(async () => (await row()).status).toBe('failed');
      expect(await row()).toMatchObject({ attempts: 2, error: expect.stringMatching(/TTL/) });
      expect(received(busy)).toHaveLength(0);
    });

    it('sends nothing to customers without a device', async () => {
      const before = service.received.length;
      const fay = await newCustomer(env.app, env.database.db);
      const held = await holdOk(env.app, fay, { startsAt: '2026-11-26T10:00:00.000Z' });
      expect((await payRequest(env.app, fay, held.id)).statusCode).toBe(200);
      await worker.drain();
      expect(service.received.length).toBe(before);
    });
  });
}
