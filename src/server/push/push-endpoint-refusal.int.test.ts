import type { LookupAddress } from 'node:dns';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  newCustomer,
  setUpBookingTest,
  type BookingCustomer,
  type BookingTestEnv,
} from '../../test-support/booking-fixtures';
import { testConfig } from '../../test-support/test-config';
import { testDatabaseKinds } from '../../test-support/test-database';
import {
  newDeviceKeys,
  startTestPushService,
  type TestPushService,
} from '../../test-support/test-push-service';
import { pushOutbox, pushSubscription } from '../db/schema';
import { enqueuePush } from './push-outbox';
import { createPushWorker, type PushWorker } from './push-worker';
import { resolveVapidKeys } from './vapid-keys';

// A deployment as it starts by default (staging, PUSH_ALLOW_LOCAL_ENDPOINTS unset): an endpoint
// is a URL any customer can hand us, so nothing local may be subscribed, and a name that passed
// when saved but resolves to loopback when sent is refused at the connection (decision 0066).
// The resolver is the test's, as a hostile DNS server would answer; every instance's worker (the
// app's own and this test's) is given it.

const DNS: Record<string, LookupAddress[]> = {
  'push.rebound.example': [{ address: '127.0.0.1', family: 4 }],
  'push.metadata.example': [{ address: '::ffff:169.254.169.254', family: 6 }],
};
const resolveHost = async (hostname: string): Promise<LookupAddress[]> => {
  const found = DNS[hostname];
  if (!found)
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return found;
};

for (const kind of testDatabaseKinds('one')) {
  describe(`push endpoints refused by default on ${kind}`, () => {
    let env: BookingTestEnv;
    let service: TestPushService;
    let worker: PushWorker;

    const subscribe = (c: BookingCustomer, endpoint: string) =>
      env.app.inject({
        method: 'POST',
        url: '/api/me/push-subscriptions',
        headers: c.headers,
        payload: { endpoint, expirationTime: null, keys: newDeviceKeys().json },
      });
    const devicesOf = (userId: string) =>
      env.database.db.select().from(pushSubscription).where(eq(pushSubscription.userId, userId));
    const queue = (userId: string, key: string) =>
      enqueuePush(env.database.db, {
        userId,
        message: { title: 'News', body: 'b', url: '/account', tag: 't' },
        dedupeKey: key,
        ttlSeconds: 3600,
      });

    beforeAll(async () => {
      env = await setUpBookingTest(kind, { deps: { pushWorker: { resolveHost } } });
      service = await startTestPushService();
      const config = testConfig();
      expect(config.push.allowLocalEndpoints).toBe(false);
      const keys = await resolveVapidKeys(env.database.db, config);
      if (!keys) throw new Error('no VAPID keys outside production');
      worker = createPushWorker({
        db: env.database.db,
        vapid: keys,
        subject: config.push.subject,
        endpoints: config.push,
        log: { info: () => undefined, warn: () => undefined },
        settings: { resolveHost },
      });
    });
    afterAll(async () => {
      await env.app.close();
      await service.close();
      await env.database.destroy();
    });

    it('refuses loopback, private, link-local, local-name and plain-http endpoints, and saves nothing', async () => {
      const ada = await newCustomer(env.app, env.database.db);
      const refused: [string, RegExp][] = [
        [service.endpoint('ada'), /must be https/],
        ['http://push.example.com/send/ada', /must be https/],
        ['https://127.0.0.1/push/ada', /127\.0\.0\.1 is a loopback address/],
        ['https://[::1]/push/ada', /::1 is a loopback address/],
        ['https://[::ffff:7f00:1]/push/ada', /loopback/],
        ['https://2130706433/push/ada', /127\.0\.0\.1 is a loopback/],
        ['https://10.1.2.3/push/ada', /private-network/],
        ['https://172.16.0.9/push/ada', /private-network/],
        ['https://192.168.1.20/push/ada', /private-network/],
        ['https://100.64.0.1/push/ada', /carrier-grade NAT/],
        ['https://169.254.169.254/latest/meta-data/', /169\.254\.169\.254 is a link-local/],
        ['https://[fe80::1]/push/ada', /link-local/],
        ['https://[fd00::1]/push/ada', /unique-local/],
        ['https://localhost/push/ada', /localhost is a local name/],
        ['https://metadata.google.internal/computeMetadata/v1/', /local name/],
        ['https://push.example.com:8443/send/ada', /standard https port/],
      ];
      for (const [endpoint, detail] of refused) {
        const res = await subscribe(ada, endpoint);
        expect(res.statusCode, endpoint).toBe(422);
        expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
        expect(res.json(), endpoint).toMatchObject({
          status: 422,
          code: 'push_endpoint_refused',
          detail: expect.stringMatching(detail),
        });
      }
      expect(await devicesOf(ada.id)).toEqual([]);
      // A public push service's https address is what a browser really gives.
      expect((await subscribe(ada, 'https://fcm.googleapis.com/fcm/send/ada')).statusCode).toBe(
        200,
      );
    });

    it('refuses at the connection a name that passed when saved but now resolves to loopback', async () => {
      const ben = await newCustomer(env.app, env.database.db);
      const rebound = 'https://push.rebound.example/push/ben-phone';
      const metadata = 'https://push.metadata.example/push/ben-tablet';
      const unknown = 'https://push.unknown.example/push/ben-laptop';
      for (const endpoint of [rebound, metadata, unknown])
        expect((await subscribe(ben, endpoint)).statusCode, endpoint).toBe(200);
      expect(await queue(ben.id, `rebind-${ben.id}`)).toBe(3);

      // This worker or the app's own settles them; neither throws, and a round finishes.
      await worker.drain();
      await expect
        .poll(async () => (await devicesOf(ben.id)).map((d) => d.endpoint))
        .toEqual([unknown]);
      // The two refused devices went with their pushes; the unresolvable one is only retried.
      const rows = await env.database.db
        .select()
        .from(pushOutbox)
        .where(like(pushOutbox.dedupeKey, `rebind-${ben.id}:%`));
      expect(rows).toEqual([
        expect.objectContaining({ status: 'pending', error: expect.stringMatching(/ENOTFOUND/) }),
      ]);
    });

    it('sends nothing to a device saved under the old, looser rules', async () => {
      const cleo = await newCustomer(env.app, env.database.db);
      // Saved before decision 0066: a plain-http endpoint on this machine.
      const endpoint = service.endpoint('cleo-old');
      await env.database.db.insert(pushSubscription).values({
        userId: cleo.id,
        endpoint,
        ...newDeviceKeys().json,
      });
      expect(await queue(cleo.id, `old-${cleo.id}`)).toBe(1);
      await worker.drain();
      await expect.poll(async () => (await devicesOf(cleo.id)).length).toBe(0);
      expect(service.received).toHaveLength(0);
    });
  });
}
