import { customerGuard } from '../auth/customer-guard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bookingCreditBody,
  bookingParams,
  bookingViewSchema,
  cancelAnswerSchema,
  heldBookingSchema,
  holdBody,
  rescheduleBody,
} from '../../contract/booking';
import { problemResponses } from '../../contract/problem';
import type { AppContext } from '../app-context';
import { notFound } from '../http/problem';
import { findOwnBooking, loadBookingViews } from './booking-view';
import { cancelBooking } from './cancel-booking';
import { holdBooking } from './hold-booking';
import { rescheduleBooking } from './reschedule-booking';
import { setBookingCredit } from './set-booking-credit';
import { rulesConfigOf } from './rules-config';

/**
 * /api/bookings*: hold, read, cancel and reschedule, for the signed-in customer. Paying for a
 * booking is checkout's (checkout/booking-payment-routes.ts).
 */
export const bookingRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const guard = customerGuard(ctx);
    app.addHook('preValidation', guard.hook);

    const view = async (bookingId: string, customerId: string) => {
      const row = await findOwnBooking(ctx.db, bookingId, customerId);
      if (!row) throw notFound('Booking not found.');
      const buffer = rulesConfigOf(ctx.config).bufferMinutes;
      const [answer] = await loadBookingViews(ctx.db, [row], ctx.now(), ctx.config, buffer);
      if (!answer) throw notFound('Booking not found.');
      return answer;
    };

    app.post(
      '/api/bookings',
      {
        schema: {
          tags: ['bookings'],
          summary: 'Hold a slot for config.holdMinutes while the customer pays',
          body: holdBody,
          response: { 201: heldBookingSchema, ...problemResponses(400, 401, 409, 422) },
        },
      },
      async (request, reply) => {
        const held = await holdBooking(ctx, guard.customerOf(request), request.body, request.log);
        return reply.status(201).send(held);
      },
    );

    app.post(
      '/api/bookings/:id/credit',
      {
        schema: {
          tags: ['bookings'],
          summary: 'Put wallet credit towards a held booking, or take it off',
          params: bookingParams,
          body: bookingCreditBody,
          response: { 200: heldBookingSchema, ...problemResponses(400, 401, 404, 409) },
        },
      },
      async (request) =>
        setBookingCredit(
          ctx,
          guard.customerOf(request).id,
          request.params.id,
          request.body.useCredit,
        ),
    );

    app.get(
      '/api/bookings/:id',
      {
        schema: {
          tags: ['bookings'],
          summary: "The customer's own booking (anyone else's is a 404)",
          params: bookingParams,
          response: { 200: bookingViewSchema, ...problemResponses(400, 401, 404) },
        },
      },
      async (request) => view(request.params.id, guard.customerOf(request).id),
    );

    app.post(
      '/api/bookings/:id/cancel',
      {
        schema: {
          tags: ['bookings'],
          summary: 'Cancel: refund by the cancellation policy, or release a booking not yet paid',
          params: bookingParams,
          response: { 200: cancelAnswerSchema, ...problemResponses(400, 401, 404, 409) },
        },
      },
      async (request) =>
        cancelBooking(ctx, guard.customerOf(request), request.params.id, request.log),
    );

    app.post(
      '/api/bookings/:id/reschedule',
      {
        schema: {
          tags: ['bookings'],
          summary: 'Move a confirmed appointment to another free time with the same therapist',
          params: bookingParams,
          body: rescheduleBody,
          response: { 200: bookingViewSchema, ...problemResponses(400, 401, 404, 409, 422) },
        },
      },
      async (request) => {
        const customer = guard.customerOf(request);
        const moved = await rescheduleBooking(
          ctx,
          customer,
          request.params.id,
          new Date(request.body.startsAt),
          request.log,
        );
        return view(moved.id, customer.id);
      },
    );
  };
