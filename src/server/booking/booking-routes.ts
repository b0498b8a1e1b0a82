import { customerGuard } from '../auth/customer-guard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bookingCalendarSchema,
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
import { conflict, notFound } from '../http/problem';
import {
  customerCalendarContentType,
  customerCalendarFile,
} from '../notifications/customer-calendar';
import { findOwnBooking, loadBookingViews } from './booking-view';
import { cancelBooking } from './cancel-booking';
import { holdBooking } from './hold-booking';
import { rescheduleBooking } from './reschedule-booking';
import { setBookingCredit } from './set-booking-credit';
import { rulesConfigOf } from '../availability/rules-config';

/** The bookings that have (or had) an event in the customer's calendar. */
const CALENDAR_STATUSES = new Set(['confirmed', 'completed', 'cancelled']);

/**
 * /api/bookings*: hold, read, cancel and reschedule, for the signed-in customer. Paying for a
 * booking is checkout's (checkout/booking-payment-routes.ts).
 */
export const bookingRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const guard = customerGuard(ctx);
    app.addHook('preValidation', guard.hook);

    const ownView = async (bookingId: string, customerId: string) => {
      const row = await findOwnBooking(ctx.db, bookingId, customerId);
      if (!row) throw notFound('Booking not found.');
      const buffer = rulesConfigOf(ctx.config).bufferMinutes;
      const [answer] = await loadBookingViews(ctx.db, [row], ctx.now(), ctx.config, buffer);
      if (!answer) throw notFound('Booking not found.');
      return { row, view: answer };
    };
    const view = async (bookingId: string, customerId: string) =>
      (await ownView(bookingId, customerId)).view;

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

    app.get(
      '/api/bookings/:id/calendar.ics',
      {
        schema: {
          tags: ['bookings'],
          summary: 'Add to calendar: the booking as an iCalendar file to download',
          description:
            'For confirmed, completed and cancelled bookings; one never confirmed (held, ' +
            "expired, failed) answers 409. Anyone else's booking is a 404.",
          params: bookingParams,
          response: {
            200: {
              description: 'The calendar file',
              content: { 'text/calendar': { schema: bookingCalendarSchema } },
            },
            ...problemResponses(400, 401, 404, 409),
          },
        },
      },
      async (request, reply) => {
        const { row, view: booking } = await ownView(
          request.params.id,
          guard.customerOf(request).id,
        );
        if (!CALENDAR_STATUSES.has(booking.status)) {
          throw conflict(
            'This booking is not confirmed, so there is nothing to add to a calendar.',
            'booking_not_confirmed',
          );
        }
        const cancelled = booking.status === 'cancelled';
        const file = customerCalendarFile(
          booking,
          row.rescheduleCount,
          cancelled,
          ctx.config.publicUrl,
        );
        return reply
          .header('content-type', customerCalendarContentType(cancelled))
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `attachment; filename="booking-${booking.reference}.ics"`)
          .send(file);
      },
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
