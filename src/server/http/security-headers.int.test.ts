import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRIPE_ENV } from '../../test-support/fake-stripe-api';
import { buildTestApp } from '../../test-support/test-app';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test-support/test-database';
import { contentSecurityPolicy } from './security-headers';

// The app picks the policy from its payment provider setting; nothing calls Stripe here (the
// API address is a closed port), the header is all that is read.
for (const kind of testDatabaseKinds('one')) {
  describe(`security headers by payment provider on ${kind}`, () => {
    let database: TestDatabase;

    beforeAll(async () => {
      database = await createTestDatabase(kind);
    });
    afterAll(async () => {
      await database.destroy();
    });

    it('serves the strict policy with the demo provider', async () => {
      const app = await buildTestApp(database);
      try {
        const res = await app.inject('/api/payments/config');
        expect(res.json()).toMatchObject({ provider: 'demo' });
        expect(res.headers['content-security-policy']).toBe(
          contentSecurityPolicy({ stripe: false }),
        );
        expect(res.headers['content-security-policy']).not.toMatch(/stripe/i);
      } finally {
        await app.close();
      }
    });

    it('serves the policy that admits Stripe.js with the Stripe provider', async () => {
      const app = await buildTestApp(database, { env: STRIPE_ENV('http://127.0.0.1:9') });
      try {
        const res = await app.inject('/api/payments/config');
        expect(res.json()).toMatchObject({ provider: 'stripe' });
        expect(res.headers['content-security-policy']).toBe(
          contentSecurityPolicy({ stripe: true }),
        );
        expect(res.headers['content-security-policy']).toContain(
          "connect-src 'self' https://api.stripe.com",
        );
      } finally {
        await app.close();
      }
    });
  });
}
