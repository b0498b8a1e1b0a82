import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context';
import { completeAuthentication, showAuthentication } from './authenticate-payment';
import { customerGuard } from '../auth/customer-guard';
import { paymentAnswerSchema } from '../booking/booking-schemas';
import { problemSchema } from '../http/openapi';

const paymentParams = z.object({ paymentId: z.uuid({ message: 'must be a payment id' }) });

/** Which card form the web app shows: our own (demo) or Stripe.js with this publishable key. */
export const paymentConfigRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/payments/config',
      {
        schema: {
          tags: ['payments'],
          summary: 'The payment provider in use and, for Stripe, its publishable key',
          response: {
            200: z.object({
              provider: z.enum(['demo', 'stripe']),
              publishableKey: z.string().nullable(),
            }),
          },
        },
      },
      async () => ({
        provider: ctx.payments.name,
        publishableKey:
          ctx.payments.name === 'stripe' ? ctx.config.payments.stripePublishableKey : null,
      }),
    );
  };

/** The demo provider's simulated bank page (3-D Secure) reads and answers through these. */
export const paymentAuthenticationRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const guard = customerGuard(ctx);
    app.addHook('preValidation', guard.hook);

    app.get(
      '/api/payments/:paymentId/authentication',
      {
        schema: {
          tags: ['payments'],
          summary: 'What the simulated bank page shows: amount, merchant, booking (owner only)',
          params: paymentParams,
          response: {
            200: z.object({
              paymentId: z.string(),
              bookingId: z.string(),
              amountPence: z.number().int(),
              currency: z.literal('GBP'),
              merchant: z.string(),
              therapistName: z.string(),
              cardBrand: z.string().nullable(),
              cardLast4: z.string().nullable(),
              status: z.string(),
            }),
            400: problemSchema,
            401: problemSchema,
            404: problemSchema,
          },
        },
      },
      async (request) =>
        showAuthentication(ctx, guard.customerOf(request), request.params.paymentId),
    );

    app.post(
      '/api/payments/:paymentId/authentication',
      {
        schema: {
          tags: ['payments'],
          summary: 'Approve or fail 3-D Secure; a failure releases the slot',
          params: paymentParams,
          body: z.object({ outcome: z.enum(['approve', 'fail']) }),
          response: {
            200: paymentAnswerSchema,
            400: problemSchema,
            401: problemSchema,
            402: problemSchema,
            404: problemSchema,
            409: problemSchema,
            410: problemSchema,
          },
        },
      },
      async (request) =>
        completeAuthentication(
          ctx,
          guard.customerOf(request),
          request.params.paymentId,
          request.body.outcome,
          request.log,
        ),
    );
  };
