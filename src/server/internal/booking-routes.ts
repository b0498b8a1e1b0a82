import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bookingCaseSchema,
  bookingFeedAnswer,
  bookingKeyParams,
  bookingListAnswer,
  bookingListQuery,
  bookingRecordSchema,
  cancelForCompanyAnswer,
  cancelForCompanyBody,
} from '../../contract/booking-records';
import { progressAnswer, progressBody } from '../../contract/internal';
import { problemResponses } from '../../contract/problem';
import type { AppContext } from '../app-context';
import { cancelBookingForCompany } from '../booking/cancel-booking-for-company';
import { recordBookingProgress } from '../booking/record-booking-progress';
import { findBookingId } from '../booking-records/find-booking-id';
import { withJourneys } from '../booking-records/journeys-before';
import { withTherapistMedia } from '../booking-media/with-therapist-media';
import { readBookingFeed, listBookingRecords } from '../booking-records/list-booking-records';
import { loadBookingCase } from '../booking-records/load-booking-case';
import { loadBookingRecords } from '../booking-records/load-booking-records';
import { notFound } from '../http/problem';

// Bookings for the company's other systems and support tools. Registered inside internalRoutes,
// so its bearer-token hook guards these too.

const AUTH_NOTE = 'Requires "Authorization: Bearer <INTERNAL_API_TOKEN>".';
const authResponses = problemResponses(401, 503);

export const internalBookingRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/internal/bookings',
      {
        schema: {
          tags: ['internal'],
          summary: 'List bookings, or follow every change to them (since=)',
          description:
            `${AUTH_NOTE} Without since: bookings by start time, filtered, a page at a time ` +
            '(nextPage). With since: the change feed — every booking created or changed after ' +
            'the cursor, oldest first, each with the booking as it is now; keep nextCursor and ' +
            'ask again (at once while hasMore). A change is never skipped or repeated, even ' +
            'when changes commit out of order on several instances. Filters apply to both.',
          querystring: bookingListQuery,
          response: {
            200: z.union([bookingListAnswer, bookingFeedAnswer]),
            ...problemResponses(400),
            ...authResponses,
          },
        },
      },
      async (request) => {
        if (request.query.since !== undefined)
          return readBookingFeed(ctx.db, request.query.since, request.query);
        const page = await listBookingRecords(ctx.db, request.query);
        const bookings = await withJourneys(ctx, page.bookings, request.log);
        return { ...page, bookings: await withTherapistMedia(ctx, bookings, 'record') };
      },
    );

    app.get(
      '/api/internal/bookings/:id',
      {
        schema: {
          tags: ['internal'],
          summary: 'One booking, by id or reference, with its history',
          description: AUTH_NOTE,
          params: bookingKeyParams,
          response: { 200: bookingRecordSchema, ...problemResponses(400, 404), ...authResponses },
        },
      },
      async (request) => {
        const id = await findBookingId(ctx.db, request.params.id);
        const [record] = await loadBookingRecords(ctx.db, [id]);
        if (!record) throw notFound('Booking not found.');
        const [withJourney] = await withJourneys(ctx, [record], request.log);
        const [withMedia] = await withTherapistMedia(ctx, [withJourney ?? record], 'record');
        return withMedia ?? record;
      },
    );

    app.get(
      '/api/internal/bookings/:id/case',
      {
        schema: {
          tags: ['internal'],
          summary: "Customer service's view: the booking, payments, refunds, ledger and messages",
          description: AUTH_NOTE,
          params: bookingKeyParams,
          response: { 200: bookingCaseSchema, ...problemResponses(400, 404), ...authResponses },
        },
      },
      async (request) => loadBookingCase(ctx.db, await findBookingId(ctx.db, request.params.id)),
    );

    app.post(
      '/api/internal/bookings/:id/cancel',
      {
        schema: {
          tags: ['internal'],
          summary: "Cancel on the company's behalf, refunding in full or by the policy",
          description:
            `${AUTH_NOTE} Refunds through the same path as a customer's cancel, frees the slot ` +
            'and tells the customer by mail and push. 409 for a booking already cancelled, ' +
            'started or over: nothing is changed then.',
          params: bookingKeyParams,
          body: cancelForCompanyBody,
          response: {
            200: cancelForCompanyAnswer,
            ...problemResponses(400, 404, 409),
            ...authResponses,
          },
        },
      },
      async (request) => cancelBookingForCompany(ctx, request.params.id, request.body, request.log),
    );

    app.post(
      '/api/internal/bookings/:id/progress',
      {
        schema: {
          tags: ['internal'],
          summary: "The therapist's progress: on the way, running late, arrived, started, finished",
          description:
            `${AUTH_NOTE} For the therapist app. Steps go on_the_way → arrived → started → ` +
            'finished (one may be skipped, none taken back); running_late once, before arrival. ' +
            'A step already recorded answers 200 with accepted false and changes nothing; a step ' +
            'behind the booking, or on a booking that is not confirmed, is a 409. on_the_way and ' +
            'running_late email and push the customer once each; every accepted step sends a ' +
            'booking.progress webhook; finished completes the booking as the completion job does ' +
            '(booking.completed). An arrival more than LATE_ARRIVAL_CREDIT_AFTER_MINUTES after ' +
            'the start adds LATE_ARRIVAL_CREDIT_PENCE to the customer’s wallet, once.',
          params: bookingKeyParams,
          body: progressBody,
          response: {
            200: progressAnswer,
            ...problemResponses(400, 404, 409),
            ...authResponses,
          },
        },
      },
      async (request) => recordBookingProgress(ctx, request.params.id, request.body),
    );
  };
