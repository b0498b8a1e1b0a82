import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingView } from '../../contract/booking';
import type { Professional } from '../../contract/professionals';
import type {
  CityRatingsAnswer,
  HideAnswer,
  OwnReview,
  ReviewRecord,
} from '../../contract/reviews';
import {
  at,
  getJson,
  holdOk,
  newCustomer,
  payRequest,
  post,
  setUpBookingTest,
  type BookingCustomer,
  type BookingTestEnv,
} from '../../test-support/booking-fixtures';
import { testConfig } from '../../test-support/test-config';
import { testDatabaseKinds } from '../../test-support/test-database';
import { erasePersonalData } from '../account/erase-personal-data';
import { completePastBookings } from '../booking/complete-bookings';
import { emailOutbox, pushOutbox, pushSubscription } from '../db/schema';
import { review, reviewRequest } from '../db/schema-reviews';
import { createMailer } from '../mail/mailer';
import { sendReviewRequests } from './send-review-requests';
import { listCityRatings } from './therapist-reviews';

// Verified reviews (docs/decisions/0086) through the API, on one app and database per kind: who
// may review what and until when, the threshold below which nothing is shown, hiding and
// reporting, the account deletion, and the request email written once however many runs race.

const AUTH = { authorization: 'Bearer test-internal-token-0123456789abcdef' };

for (const kind of testDatabaseKinds('every')) {
  describe(`reviews on ${kind}`, () => {
    let env: BookingTestEnv;
    let ada: BookingCustomer;
    let ben: BookingCustomer;
    let cat: BookingCustomer;
    let dan: BookingCustomer;
    const ids: Record<'a1' | 'b1' | 'c1' | 'd1' | 'e1', string> = {
      a1: '',
      b1: '',
      c1: '',
      d1: '',
      e1: '',
    };
    const db = () => env.database.db;
    const config = testConfig();
    const jobCtx = () => ({
      db: db(),
      config,
      now: env.clock.now,
      mailer: createMailer(db(), config),
    });

    const book = async (c: BookingCustomer, startsAt: string) => {
      const held = await holdOk(env.app, c, { startsAt });
      const paid = await payRequest(env.app, c, held.id);
      expect(paid.statusCode, paid.body).toBe(200);
      return held.id;
    };
    const write = (c: BookingCustomer, id: string, payload: object) =>
      post(env.app, c, `/api/bookings/${id}/review`, payload);
    const profile = async () =>
      (
        await env.app.inject({ method: 'GET', url: '/api/professionals/anna' })
      ).json<Professional>();
    const cityRatings = async () =>
      (
        await env.app.inject({ method: 'GET', url: '/api/cities/testcity/therapist-ratings' })
      ).json<CityRatingsAnswer>().ratings;
    const requestMails = (id: string) =>
      db()
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.dedupeKey, `booking-${id}-review-request`));

    beforeAll(async () => {
      env = await setUpBookingTest(kind);
      const customer = (name: string) => newCustomer(env.app, db(), { name });
      [ada, ben, cat, dan] = await Promise.all([
        customer('Ada Lovelace'),
        customer('Ben Jonson'),
        customer('Cat Stevens'),
        customer('Dan Brown'),
      ]);
      ids.a1 = await book(ada, at('2026-11-24', '10:00'));
      ids.b1 = await book(ben, at('2026-11-24', '12:00'));
      ids.c1 = await book(cat, at('2026-11-24', '14:00'));
      ids.d1 = await book(dan, at('2026-11-26', '09:00'));
      ids.e1 = await book(ada, at('2026-11-27', '10:00'));
      await db()
        .insert(pushSubscription)
        .values({ userId: ada.id, endpoint: 'https://push.example/ada', p256dh: 'k', auth: 'a' });
      // Dan's is finished early by the therapist's step; the job completes the three before.
      env.clock.set('2026-11-26T09:40:00Z');
      const finished = await env.app.inject({
        method: 'POST',
        url: `/api/internal/bookings/${ids.d1}/progress`,
        headers: AUTH,
        payload: { status: 'finished' },
      });
      expect(finished.statusCode, finished.body).toBe(200);
      env.clock.set('2026-11-26T12:00:00Z');
      expect(await completePastBookings({ db: db(), now: env.clock.now, config })).toBe(3);
    });
    afterAll(async () => {
      await env.app.close();
      await env.database.destroy();
    });

    it('sends "How was your treatment?" once, hours after completion, racing runs or not', async () => {
      const requests = await db().select().from(reviewRequest);
      expect(requests.map((r) => r.bookingId).sort()).toEqual(
        [ids.a1, ids.b1, ids.c1, ids.d1].sort(),
      );
      // Dan's came at 09:40, so it is due at 12:40; the others at 15:00.
      env.clock.set('2026-11-26T12:39:00Z');
      await sendReviewRequests(jobCtx());
      expect(await requestMails(ids.d1)).toHaveLength(0);
      env.clock.set('2026-11-26T12:40:00Z');
      await sendReviewRequests(jobCtx());
      expect(await requestMails(ids.d1)).toHaveLength(1);
      expect(await requestMails(ids.a1)).toHaveLength(0);

      // Ben rates his before the request is due: he is not asked.
      env.clock.set('2026-11-26T14:00:00Z');
      expect((await write(ben, ids.b1, { rating: 5 })).statusCode).toBe(201);

      env.clock.set('2026-11-26T15:00:00Z');
      await Promise.all([sendReviewRequests(jobCtx()), sendReviewRequests(jobCtx())]);
      await sendReviewRequests(jobCtx());
      for (const id of [ids.a1, ids.c1, ids.d1]) expect(await requestMails(id)).toHaveLength(1);
      expect(await requestMails(ids.b1)).toHaveLength(0);
      const [mail] = await requestMails(ids.a1);
      expect(mail?.subject).toBe('How was your treatment?');
      expect(mail?.toAddress).toBe(ada.email);
      expect(mail?.textBody).toContain('How was your Massage with Anna on');
      expect(mail?.textBody).toContain(`/account/appointments/${ids.a1}/review`);
      expect(mail?.htmlBody).toContain(`/account/appointments/${ids.a1}/review`);
      const pushes = await db()
        .select()
        .from(pushOutbox)
        .where(like(pushOutbox.dedupeKey, `booking-${ids.a1}-review-request:%`));
      expect(pushes).toHaveLength(1);
      const settled = await db().select().from(reviewRequest);
      expect(Object.fromEntries(settled.map((r) => [r.bookingId, r.outcome]))).toEqual({
        [ids.a1]: 'sent',
        [ids.b1]: 'already_reviewed',
        [ids.c1]: 'sent',
        [ids.d1]: 'sent',
      });
    });

    it("refuses a review of someone else's booking (404) or of one not completed (409)", async () => {
      const theirs = await write(ben, ids.a1, { rating: 5 });
      expect(theirs.statusCode).toBe(404);
      const early = await write(ada, ids.e1, { rating: 5 });
      expect(early.statusCode).toBe(409);
      expect(early.headers['content-type']).toContain('application/problem+json');
      expect(early.json()).toMatchObject({
        code: 'review_not_open',
        detail: 'You can review an appointment once it has taken place.',
      });
      expect((await write(ada, ids.a1, { rating: 6 })).statusCode).toBe(400);
      expect((await write(ada, ids.a1, { rating: 4, comment: 'x'.repeat(1001) })).statusCode).toBe(
        400,
      );
      const signedOut = await env.app.inject({
        method: 'POST',
        url: `/api/bookings/${ids.a1}/review`,
        payload: { rating: 5 },
      });
      expect(signedOut.statusCode).toBe(401);
      expect(await db().select().from(review).where(eq(review.bookingId, ids.a1))).toHaveLength(0);
    });

    it('is written once, changed within 14 days, then fixed', async () => {
      env.clock.set('2026-11-26T16:00:00Z');
      const first = await write(ada, ids.a1, { rating: 3, comment: '  Lovely hands  ' });
      expect(first.statusCode, first.body).toBe(201);
      const written = first.json<OwnReview>();
      expect(written).toMatchObject({
        rating: 3,
        comment: 'Lovely hands',
        editable: true,
        editableUntil: '2026-12-10T16:00:00.000Z',
      });

      env.clock.set('2026-12-10T15:59:00Z');
      const edited = await write(ada, ids.a1, { rating: 5, comment: 'Even better on reflection' });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json<OwnReview>()).toMatchObject({
        id: written.id,
        rating: 5,
        createdAt: '2026-11-26T16:00:00.000Z',
      });
      const view = (await getJson(env.app, ada, `/api/bookings/${ids.a1}`)).json<BookingView>();
      expect(view.review).toMatchObject({ rating: 5, comment: 'Even better on reflection' });

      env.clock.set('2026-12-10T16:00:00Z');
      const late = await write(ada, ids.a1, { rating: 1 });
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({
        code: 'review_fixed',
        detail: expect.stringContaining('14 days'),
      });
      const list = (await getJson(env.app, ada, '/api/me/appointments')).json<{
        past: BookingView[];
      }>();
      expect(list.past.find((b) => b.id === ids.a1)?.review).toMatchObject({
        rating: 5,
        editable: false,
      });
      expect(list.past.find((b) => b.id === ids.e1)?.review ?? null).toBeNull();
    });

    it('shows nothing until three are visible; hiding takes one out of every count', async () => {
      // Ben's 5 and Ada's 5: two are not enough.
      expect(await profile()).toMatchObject({ rating: null, latestReviews: [] });
      expect(await cityRatings()).toEqual([]);
      // The threshold is a setting (REVIEWS_SHOWN_FROM): at two, they would show.
      expect(testConfig({ REVIEWS_SHOWN_FROM: '2' }).reviews.shownFrom).toBe(2);
      expect(await listCityRatings(db(), 'testcity', 2)).toEqual([
        { therapistId: 't-anna', average: 5, count: 2 },
      ]);

      env.clock.set('2026-12-11T09:00:00Z');
      expect((await write(cat, ids.c1, { rating: 3, comment: 'Fine' })).statusCode).toBe(201);
      const shown = await profile();
      expect(shown.rating).toEqual({ average: 4.3, count: 3 });
      expect(shown.latestReviews).toHaveLength(3);
      expect(shown.latestReviews[0]).toEqual({
        id: expect.any(String),
        rating: 3,
        comment: 'Fine',
        firstName: 'Cat',
        treatments: ['Massage'],
        date: '2026-12-11T09:00:00.000Z',
        verified: true,
      });
      expect(await cityRatings()).toEqual([{ therapistId: 't-anna', average: 4.3, count: 3 }]);

      // Dan reports Cat's review, once.
      const catsId = shown.latestReviews[0]?.id ?? '';
      const report = () =>
        post(env.app, dan, `/api/reviews/${catsId}/report`, { reason: 'Not about the treatment' });
      expect((await report()).statusCode).toBe(200);
      const twice = await report();
      expect(twice.statusCode).toBe(409);
      expect(twice.json().code).toBe('already_reported');
      const reported = await env.app.inject({
        method: 'GET',
        url: '/api/internal/reviews?reported=true',
        headers: AUTH,
      });
      expect(reported.json<{ reviews: ReviewRecord[] }>().reviews).toMatchObject([
        { id: catsId, bookingId: ids.c1, reports: [{ reason: 'Not about the treatment' }] },
      ]);

      const hide = (key: string) =>
        env.app.inject({
          method: 'POST',
          url: `/api/internal/reviews/${key}/hide`,
          headers: AUTH,
          payload: { reason: 'Personal remarks' },
        });
      const catsBooking = (
        await getJson(env.app, cat, `/api/bookings/${ids.c1}`)
      ).json<BookingView>();
      const hidden = await hide(catsBooking.reference);
      expect(hidden.statusCode, hidden.body).toBe(200);
      expect(hidden.json<HideAnswer>()).toMatchObject({
        alreadyHidden: false,
        hidden: { reason: 'Personal remarks' },
      });
      expect((await hide(ids.c1)).json<HideAnswer>().alreadyHidden).toBe(true);
      expect(await profile()).toMatchObject({ rating: null, latestReviews: [] });
      expect(await cityRatings()).toEqual([]);
      // Kept, with the reason; its author sees it hidden and can no longer change it.
      const [row] = await db().select().from(review).where(eq(review.bookingId, ids.c1));
      expect(row).toMatchObject({ comment: 'Fine', hiddenReason: 'Personal remarks' });
      const own = (await getJson(env.app, cat, `/api/bookings/${ids.c1}`)).json<BookingView>();
      expect(own.review).toMatchObject({ hidden: true, editable: false });
      const changeHidden = await write(cat, ids.c1, { rating: 5 });
      expect(changeHidden.statusCode).toBe(409);
      expect(changeHidden.json().code).toBe('review_hidden');
      expect((await report()).statusCode).toBe(404);
    });

    it("keeps a deleted account's rating in the average, without its words or name", async () => {
      expect((await write(dan, ids.d1, { rating: 4, comment: 'Great hands' })).statusCode).toBe(
        201,
      );
      expect((await profile()).rating).toEqual({ average: 4.7, count: 3 });

      await db().transaction((tx) => erasePersonalData(tx, dan.id, env.clock.now()));
      const after = await profile();
      expect(after.rating).toEqual({ average: 4.7, count: 3 });
      const dans = after.latestReviews.find((r) => r.rating === 4);
      expect(dans).toMatchObject({ firstName: null, comment: null, verified: true });
      expect(JSON.stringify(after)).not.toContain('Dan');
      const [row] = await db()
        .select()
        .from(review)
        .where(and(eq(review.bookingId, ids.d1)));
      expect(row).toMatchObject({ rating: 4, comment: null });
      expect(row?.erasedAt).not.toBeNull();
      const reported = await env.app.inject({
        method: 'GET',
        url: '/api/internal/reviews?reported=true',
        headers: AUTH,
      });
      expect(reported.json<{ reviews: ReviewRecord[] }>().reviews[0]?.reports).toMatchObject([
        { reason: null },
      ]);
    });
  });
}
