import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUserRoles } from '../account/set-user-roles';
import { account } from '../db/schema';
import {
  giveCredit,
  holdOk,
  newCustomer,
  payRequest,
  setUpBookingTest,
  withCard,
  type BookingCustomer,
  type BookingTestEnv,
} from '../../test-support/booking-fixtures';
import { buyRequest, giftCardOrder } from '../../test-support/gift-card-fixtures';
import { newDeviceKeys } from '../../test-support/test-push-service';
import { injectReadingStreams } from '../../test-support/event-stream';
import { TEST_ORIGIN } from '../../test-support/test-customer';
import { testConfig } from '../../test-support/test-config';
import { testDatabaseKinds } from '../../test-support/test-database';
import {
  accessRequests,
  type AccessFixture,
  type Customer,
  type Principal,
} from '../../test-support/access-requests';
import { accountSnapshot } from '../../test-support/account-snapshot';

// Every endpoint against six callers, one table (ROWS below), every cell sent; the requests are
// in test-support/access-requests.ts. Customer A owns the resources; whatever B, a business customer, a therapist or a stranger tries, A's data
// reads back the same afterwards, and no answer to them carries anything of A's.

const PRINCIPALS: readonly Principal[] = [
  'anonymous',
  'a',
  'b',
  'business',
  'therapist',
  'internal',
];

// Who is who: anonymous sends no credentials; a, b and business are signed-in customers (a owns
// every resource the rows name, business has a business account); therapist holds the session
// cookie they had before being flagged a therapist (flagging ends it, decision 0008); internal
// sends the internal API bearer token and no cookie. Rows run top to bottom, so the owner's own
// destructive writes come last.
//
// What the table shows (decision 0050): another customer asking for A's record by id gets 404, the
// same as for an id that does not exist (nothing tells them the id is real); A's id in a body gets
// the unknown-id answer too (422 "Choose one of your saved addresses", 404 for a gift-card order);
// deleting A's push subscription answers 204 and deletes nothing; a request without a session gets
// 401 before anything is looked up; the internal API answers only its token (401 for everyone else,
// sessions included) and the token opens nothing else (401 on customer routes). A's own 409 on
// DELETE /api/me: A still has upcoming bookings by then.
type Cells = [number, number, number, number, number, number];
// prettier-ignore
const ROWS: [string, ...Cells][] = [
  //                                                    anon   A     B   busn  ther  int
  ['GET /api/health/live',                              200,  200,  200,  200,  200,  200],
  ['GET /api/health',                                   200,  200,  200,  200,  200,  200],
  ['GET /api/cities',                                   200,  200,  200,  200,  200,  200],
  ['GET /api/cities/{city}/treatments',                 200,  200,  200,  200,  200,  200],
  ['GET /api/company',                                  200,  200,  200,  200,  200,  200],
  ['GET /api/cities/{city}/dates',                      200,  200,  200,  200,  200,  200],
  ['GET /api/cities/{city}/therapists',                 200,  200,  200,  200,  200,  200],
  ['GET /api/professionals',                            200,  200,  200,  200,  200,  200],
  ['GET /api/professionals/{username}',                 200,  200,  200,  200,  200,  200],
  ['GET /api/cities/{city}/therapist-ratings',         200,  200,  200,  200,  200,  200],
  ['GET /media/therapists/{id}/{file}',                 404,  404,  404,  404,  404,  404],
  ['GET /api/calendars/{file}',                         404,  404,  404,  404,  404,  404],
  ['GET /api/booking-photos/{photoId}',                 403,  403,  403,  403,  403,  403],
  ['GET /api/payments/config',                          200,  200,  200,  200,  200,  200],
  ['GET /api/push/public-key',                          200,  200,  200,  200,  200,  200],
  ['POST /api/referrals/validate',                      200,  200,  200,  200,  200,  200],
  ['POST /api/payments/stripe/webhook',                 404,  404,  404,  404,  404,  404],
  ['GET /api/auth-providers',                           200,  200,  200,  200,  200,  200],
  ['GET /api/me',                                       401,  200,  200,  200,  401,  401],
  ['GET /api/me/addresses',                             401,  200,  200,  200,  401,  401],
  ['GET /api/me/referral',                              401,  200,  200,  200,  401,  401],
  ['GET /api/me/wallet',                                401,  200,  200,  200,  401,  401],
  ['GET /api/me/appointments',                          401,  200,  200,  200,  401,  401],
  ['GET /api/me/cards',                                 401,  200,  200,  200,  401,  401],
  ['GET /api/me/gift-cards',                            401,  200,  200,  200,  401,  401],
  ['GET /api/me/events',                                401,  200,  200,  200,  401,  401],
  ['GET /api/me/addresses/{id}',                        401,  200,  404,  404,  401,  401],
  ['GET /api/bookings/{id}',                            401,  200,  404,  404,  401,  401],
  ['GET /api/bookings/{id}/calendar.ics',               401,  200,  404,  404,  401,  401],
  ['GET /api/bookings/{id}/payment-status',             401,  200,  404,  404,  401,  401],
  ['GET /api/bookings/{id}/photos/{photoId}',           401,  404,  404,  404,  401,  401],
  ['GET /api/payments/{paymentId}/authentication',      401,  200,  404,  404,  401,  401],
  ['GET /api/gift-cards/{id}/payment-status',           401,  200,  404,  404,  401,  401],
  ['GET /api/tips/{id}/payment-status',                 401,  404,  404,  404,  401,  401],
  ['GET /api/me/favourites',                            401,  200,  200,  200,  401,  401],
  ['GET /api/me/waitlist',                              401,  200,  200,  200,  401,  401],
  ['GET /api/me/waitlist/offers/{token}',               401,  404,  404,  404,  401,  401],
  ['GET /api/internal/catalogue',                       401,  401,  401,  401,  401,  200],
  ['GET /api/internal/bookings',                        401,  401,  401,  401,  401,  200],
  ['GET /api/internal/bookings/{id}',                   401,  401,  401,  401,  401,  200],
  ['GET /api/internal/bookings/{id}/case',              401,  401,  401,  401,  401,  200],
  ['GET /api/internal/therapists/{id}/calendar-url',    401,  401,  401,  401,  401,  200],
  ['GET /api/internal/webhooks',                        401,  401,  401,  401,  401,  200],
  ['GET /api/internal/reviews',                        401,  401,  401,  401,  401,  200],
  ['POST /api/internal/catalogue',                      401,  401,  401,  401,  401,  400],
  ['PUT /api/internal/users/{email}/roles',             401,  401,  401,  401,  401,  200],
  ['PUT /api/internal/users/{email}/business-payment',  401,  401,  401,  401,  401,  404],
  ['POST /api/internal/bookings/{id}/cancel',           401,  401,  401,  401,  401,  404],
  ['POST /api/internal/therapists/{id}/calendar-url/rotate', 401, 401, 401, 401, 401, 404],
  ['PUT /api/internal/therapists/{id}/photo',           401,  401,  401,  401,  401,  404],
  ['DELETE /api/internal/therapists/{id}/photo',        401,  401,  401,  401,  401,  404],
  ['PUT /api/internal/therapists/{id}',                 401,  401,  401,  401,  401,  400],
  ['PUT /api/internal/therapists/{id}/availability',    401,  401,  401,  401,  401,  404],
  ['POST /api/internal/webhooks/{id}/retry',            401,  401,  401,  401,  401,  404],
  ['POST /api/internal/bookings/{id}/progress',         401,  401,  401,  401,  401,  404],
  ['POST /api/internal/users/{email}/credit',           401,  401,  401,  401,  401,  404],
  ['POST /api/internal/reviews/{bookingId}/hide',      401,  401,  401,  401,  401,  404],
  ['POST /api/internal/waitlist/run',                   401,  401,  401,  401,  401,  200],
  ['GET /api/auth/get-session',                         200,  200,  200,  200,  200,  200],
  ['GET /api/auth/list-accounts',                       401,  200,  200,  200,  401,  401],
  ['POST /api/auth/sign-in/email',                      401,  401,  401,  401,  401,  401],
  ['POST /api/auth/sign-up/email',                      200,  200,  200,  200,  200,  200],
  ['POST /api/auth/sign-in/magic-link',                 200,  200,  200,  200,  200,  200],
  ['GET /api/auth/magic-link/verify',                   302,  302,  302,  302,  302,  302],
  ['GET /api/auth/verify-email',                        401,  401,  401,  401,  401,  401],
  ['POST /api/auth/request-password-reset',             200,  200,  200,  200,  200,  200],
  ['POST /api/auth/reset-password',                     400,  400,  400,  400,  400,  400],
  ['POST /api/auth/change-password',                    401,  400,  400,  400,  401,  401],
  ['POST /api/auth/unlink-account',                     401,  400,  400,  400,  401,  401],
  ['POST /api/auth/link-social',                        401,  404,  404,  404,  401,  401],
  ['POST /api/auth/sign-in/social',                     404,  404,  404,  404,  404,  404],
  ['PATCH /api/me',                                     401,  200,  200,  200,  401,  401],
  ['POST /api/me/addresses',                            401,  201,  201,  201,  401,  401],
  ['POST /api/me/push-subscriptions',                   401,  200,  200,  200,  401,  401],
  ['POST /api/me/wallet/redeem',                        401,  404,  404,  404,  401,  401],
  ['POST /api/gift-cards',                              401,  200,  404,  404,  401,  401],
  ['POST /api/bookings',                                401,  201,  422,  422,  401,  401],
  ['PATCH /api/me/addresses/{id}',                      401,  200,  404,  404,  401,  401],
  ['POST /api/me/addresses/{id}/default',               401,  200,  404,  404,  401,  401],
  ['POST /api/bookings/{id}/credit',                    401,  200,  404,  404,  401,  401],
  ['POST /api/bookings/{id}/payment',                   401,  200,  404,  404,  401,  401],
  ['POST /api/payments/{paymentId}/authentication',     401,  200,  404,  404,  401,  401],
  ['PUT /api/bookings/{id}/notes',                      401,  200,  404,  404,  401,  401],
  ['POST /api/bookings/{id}/photos',                    401,  415,  404,  404,  401,  401],
  ['DELETE /api/bookings/{id}/photos/{photoId}',        401,  404,  404,  404,  401,  401],
  ['POST /api/bookings/{id}/reschedule',                401,  200,  404,  404,  401,  401],
  ['POST /api/bookings/{id}/cancel',                    401,  200,  404,  404,  401,  401],
  ['POST /api/bookings/{id}/review',                   401,  409,  404,  404,  401,  401],
  ['POST /api/bookings/{id}/tip',                      401,  409,  404,  404,  401,  401],
  ['POST /api/reviews/{id}/report',                     401,  404,  404,  404,  401,  401],
  ['PUT /api/me/favourites/{therapistId}',              401,  204,  204,  204,  401,  401],
  ['DELETE /api/me/favourites/{therapistId}',           401,  204,  204,  204,  401,  401],
  ['POST /api/me/waitlist',                             401,  201,  422,  422,  401,  401],
  ['DELETE /api/me/waitlist/{id}',                      401,  404,  404,  404,  401,  401],
  ['DELETE /api/me/cards/{id}',                         401,  204,  404,  404,  401,  401],
  ['DELETE /api/me/push-subscriptions',                 401,  204,  204,  204,  401,  401],
  ['DELETE /api/me/addresses/{id}',                     401,  204,  404,  404,  401,  401],
  ['DELETE /api/me',                                    401,  409,  204,  204,  401,  401],
  ['POST /api/auth/sign-out',                           200,  200,  200,  200,  200,  200],
];

/** better-auth's endpoints the web app calls: not in our OpenAPI document (decision 0028). */
const AUTH_OPERATIONS = ROWS.map(([op]) => op).filter((op) => op.includes(' /api/auth/'));

const ACCESS_MATRIX = ROWS.map(([operation, ...cells]) => ({
  operation,
  expected: Object.fromEntries(PRINCIPALS.map((p, i) => [p, cells[i]])),
}));

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
const SLOW = 120_000;

function operationsOf(doc: OpenAPIV3_1.Document): string[] {
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    METHODS.flatMap((method) => (item?.[method] ? [`${method.toUpperCase()} ${path}`] : [])),
  );
}

for (const kind of testDatabaseKinds('one')) {
  describe(`access matrix on ${kind}`, () => {
    let env: BookingTestEnv;
    let fixture: AccessFixture;
    const cellsSent: string[] = [];

    beforeAll(async () => {
      env = await setUpBookingTest(kind);
      const db = env.database.db;
      const a = await newCustomer(env.app, db, { name: 'Avery Owner' });
      const b = await newCustomer(env.app, db, { name: 'Blake Other' });
      const business = await newCustomer(env.app, db, {
        name: 'Bea Business',
        accountType: 'business',
      });
      const therapist = await newCustomer(env.app, db, { name: 'Theo Therapist' });
      // Flagging ends the sessions they held; the stale cookie is what they are left with.
      await setUserRoles(db, therapist.email, { therapist: true });
      await giveCredit(db, a.id, 500);

      const confirmed = await holdOk(env.app, a, { startsAt: '2026-11-24T10:00:00.000Z' });
      const paid = await payRequest(
        env.app,
        a,
        confirmed.id,
        withCard('4242 4242 4242 4242', true),
      );
      expect(paid.statusCode, paid.body).toBe(200);
      const waiting = await holdOk(env.app, a, { startsAt: '2026-11-24T12:00:00.000Z' });
      const challenged = await payRequest(env.app, a, waiting.id, withCard('4000 0027 6000 3184'));
      const actionUrl = challenged.json<{ actionUrl: string }>().actionUrl;
      const authPaymentId = new URL(actionUrl, 'http://x').searchParams.get('payment') ?? '';
      const held = await holdOk(env.app, a, { startsAt: '2026-11-24T14:00:00.000Z' });

      const cards = await env.app.inject({ url: '/api/me/cards', headers: a.headers });
      const cardId = cards.json<{ cards: { id: string }[] }>().cards[0]?.id ?? '';
      const order = giftCardOrder();
      expect((await buyRequest(env.app, a, order)).statusCode).toBe(200);
      const pushEndpoint = 'https://push.example.com/send/device-of-avery';
      const subscribed = await env.app.inject({
        method: 'POST',
        url: '/api/me/push-subscriptions',
        headers: a.headers,
        payload: { endpoint: pushEndpoint, expirationTime: null, keys: newDeviceKeys().json },
      });
      expect(subscribed.statusCode, subscribed.body).toBe(200);
      const referral = await env.app.inject({ url: '/api/me/referral', headers: a.headers });
      const [credential] = await db
        .select({ id: account.id })
        .from(account)
        .where(eq(account.userId, a.id));

      fixture = {
        a,
        b,
        business,
        therapist,
        internalToken: testConfig().internalApiToken ?? '',
        confirmedBookingId: confirmed.id,
        waitingBookingId: waiting.id,
        heldBookingId: held.id,
        authPaymentId,
        addressId: a.addressId,
        credentialAccountId: credential?.id ?? '',
        cardId,
        giftCardOrderId: order.orderId,
        pushEndpoint,
        referralCode: referral.json<{ code: string }>().code,
      };
      expect(fixture.cardId).not.toBe('');
      expect(fixture.authPaymentId).not.toBe('');
    }, SLOW);
    afterAll(async () => {
      await env.app.close();
      await env.database.destroy();
    });

    const headersOf = (who: Principal): Record<string, string> => {
      const base = { origin: TEST_ORIGIN };
      switch (who) {
        case 'anonymous':
          return base;
        case 'internal':
          return { ...base, authorization: `Bearer ${fixture.internalToken}` };
        default:
          return { ...base, cookie: customerOf(who).headers.cookie };
      }
    };
    const customerOf = (who: Customer): BookingCustomer => fixture[who];

    /** What belongs to A and must never reach anyone else. */
    const secretsOfA = () => [
      fixture.a.email,
      fixture.confirmedBookingId,
      fixture.waitingBookingId,
      fixture.heldBookingId,
      fixture.addressId,
      fixture.cardId,
      fixture.giftCardOrderId,
      fixture.pushEndpoint,
      fixture.authPaymentId,
    ];

    it('has a row for every operation in the OpenAPI document, and no row for one it lacks', async () => {
      const doc = (await env.app.inject('/api/docs')).json<OpenAPIV3_1.Document>();
      const documented = operationsOf(doc).sort();
      const rows = ACCESS_MATRIX.map((r) => r.operation);
      expect(documented.filter((op) => !rows.includes(op))).toEqual([]);
      const extra = rows.filter((op) => !documented.includes(op) && !AUTH_OPERATIONS.includes(op));
      expect(extra).toEqual([]);
      expect(new Set(rows).size).toBe(rows.length);
    });

    for (const row of ACCESS_MATRIX) {
      it(
        `${row.operation}`,
        async () => {
          const requests = accessRequests(fixture);
          const build = requests[row.operation];
          if (!build) throw new Error(`no request written for ${row.operation}`);
          const [method] = row.operation.split(' ');
          const isWrite = method !== 'GET';
          // A goes last: an owner's own write may change what the others would have found.
          const order: Principal[] = [...PRINCIPALS.filter((p) => p !== 'a'), 'a'];
          const seen: Record<string, number> = {};
          for (const who of order) {
            const spec = build(who);
            const before =
              isWrite && who !== 'a' ? await accountSnapshot(env.database.db, fixture.a.id) : null;
            const res: LightMyRequestResponse = await injectReadingStreams(env.app, {
              method: spec.method,
              url: spec.url,
              headers: { ...headersOf(who), ...spec.headers },
              ...(spec.payload === undefined ? {} : { payload: spec.payload }),
            });
            seen[who] = res.statusCode;
            cellsSent.push(`${row.operation} × ${who}`);
            if (who !== 'a' && who !== 'internal') {
              // What the caller sent may come back (an echo is not a leak); nothing else of A's.
              const sent = `${spec.url} ${JSON.stringify(spec.payload ?? '')}`;
              for (const secret of secretsOfA().filter((s) => !sent.includes(s))) {
                expect(res.body, `${who} saw ${secret}`).not.toContain(secret);
              }
            }
            if (before !== null) {
              expect(
                await accountSnapshot(env.database.db, fixture.a.id),
                `${who} changed A`,
              ).toEqual(before);
            }
          }
          if (process.env.ACCESS_MATRIX_PRINT)
            console.log('MATRIX', row.operation, JSON.stringify(seen));
          expect(seen).toEqual(row.expected);
        },
        SLOW,
      );
    }

    it('sent every cell of the table', () => {
      expect(cellsSent).toHaveLength(ACCESS_MATRIX.length * PRINCIPALS.length);
    });
  });
}
