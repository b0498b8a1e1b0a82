import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context';
import { customerGuard } from '../auth/customer-guard';
import {
  bookingParams,
  paymentAnswerSchema,
  paymentBody,
  paymentStatusSchema,
} from '../../contract/booking';
import { problemResponses } from '../../contract/problem';
import { payBooking } from './pay-booking';
import { syncPaymentStatus } from './sync-payment-status';

/**
 * /api/bookings/:id/payment*: paying for a held booking and re-checking a payment, for the
 * signed-in customer. They live in checkout, beside the use cases they call, so booking/ never
 * imports checkout (docs/decisions/0023).
 */
export const bookingPaymentRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const guard = customerGuard(ctx);
    app.addHook('preValidation', guard.hook);

    app.post(
      '/api/bookings/:id/payment',
      {
        schema: {
          tags: ['bookings'],
          summary: 'Pay for a held booking by card, saved card or invoice; never charges twice',
          params: bookingParams,
          body: paymentBody,
          response: {
            200: paymentAnswerSchema,
            ...problemResponses(400, 401, 402, 404, 409, 410, 422, 503),
          },
        },
      },
      async (request) =>
        payBooking(ctx, guard.customerOf(request), request.params.id, request.body, request.log),
    );

    app.get(
      '/api/bookings/:id/payment-status',
      {
        schema: {
          tags: ['bookings'],
          summary:
            'Re-checks a payment with the provider (after its 3-D Secure page) and applies it',
          params: bookingParams,
          response: { 200: paymentStatusSchema, ...problemResponses(400, 401, 404) },
        },
      },
      async (request) =>
        syncPaymentStatus(ctx, guard.customerOf(request), request.params.id, request.log),
    );
  };
