import { eq } from 'drizzle-orm';
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
import { createPushWorker, type PushWorker } from './push-worker';
import { resolveVapidKeys } from './vapid-keys';

const silent = { info: () => undefined, warn: () => undefined };

for (const kind of testDatabaseKinds()) {
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
      env = await setUpBookingTest(kind);
      service = await startTestPushService();
      ada = await newCustomer(env.app, env.database.db);
      ben = await newCustomer(env.app, env.database.db);
      const keys = await resolveVapidKeys(env.database.db, testConfig());
      if (!keys) throw new Error('no VAPID keys outside production');
      publicKey = keys.publicKey;
      worker = createPushWorker({
        db: env.database.db,
        vapid: keys,
        subject: 'mailto:bookings@example.com',
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
      expect(vapid.sub).toBe('mailto:bookings@example.com');

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
