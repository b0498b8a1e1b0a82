import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context';
import { customerGuard } from '../auth/customer-guard';
import { bookingParams } from '../../contract/booking';
import { problemResponses } from '../../contract/problem';
import { tipAnswerSchema, tipBody, tipParams, tipPaymentStatusSchema } from '../../contract/tips';
import { giveTip } from './give-tip';
import { syncTipPayment } from './sync-tip-payment';

/**
 * POST /api/bookings/:id/tip and GET /api/tips/:id/payment-status, for the signed-in customer
 * (docs/decisions/0087): through the purchase pipeline in payments/, like a booking's payment.
 */
export const tipRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const guard = customerGuard(ctx);
    app.addHook('preValidation', guard.hook);

    app.post(
      '/api/bookings/:id/tip',
      {
        schema: {
          tags: ['bookings'],
          summary:
            'Tip a completed appointment (within 48 hours of its end) by card, saved card or wallet credit; never charges twice',
          params: bookingParams,
          body: tipBody,
          response: {
            200: tipAnswerSchema,
            ...problemResponses(400, 401, 402, 404, 409, 422, 503),
          },
        },
      },
      async (request) =>
        giveTip(ctx, guard.customerOf(request), request.params.id, request.body, request.log),
    );

    app.get(
      '/api/tips/:id/payment-status',
      {
        schema: {
          tags: ['bookings'],
          summary: "Re-checks a tip's payment with the provider (after its 3-D Secure page)",
          params: tipParams,
          response: { 200: tipPaymentStatusSchema, ...problemResponses(400, 401, 404) },
        },
      },
      async (request) =>
        syncTipPayment(ctx, guard.customerOf(request), request.params.id, request.log),
    );
  };
