import { customerGuard } from '../auth/customer-guard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context';
import { problemSchema } from '../http/openapi';
import { notFound } from '../http/problem';
import {
  bookingParams,
  bookingViewSchema,
  cancelAnswerSchema,
  heldSchema,
  holdBody,
} from './booking-schemas';
import { findOwnBooking, loadBookingViews } from './booking-view';
import { cancelBooking } from './cancel-booking';
import { holdBooking } from './hold-booking';
import { rescheduleBooking } from './reschedule-booking';
import { rulesConfigOf } from './rules-config';

const errors = (...codes: (400 | 401 | 402 | 404 | 409 | 410 | 422)[]) =>
  Object.fromEntries(codes.map((c) => [c, problemSchema]));

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
          response: { 201: heldSchema, ...errors(400, 401, 409, 422) },
        },
      },
      async (request, reply) => {
        const held = await holdBooking(ctx, guard.customerOf(request), request.body, request.log);
        return reply.status(201).send(held);
      },
    );

    app.get(
      '/api/bookings/:id',
      {
        schema: {
          tags: ['bookings'],
          summary: "The customer's own booking (anyone else's is a 404)",
          params: bookingParams,
          response: { 200: bookingViewSchema, ...errors(400, 401, 404) },
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
          response: { 200: cancelAnswerSchema, ...errors(400, 401, 404, 409) },
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
          body: z.object({
            startsAt: z.iso.datetime({ offset: true, message: 'must be an ISO instant' }),
          }),
          response: { 200: bookingViewSchema, ...errors(400, 401, 404, 409, 422) },
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
