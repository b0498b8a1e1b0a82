import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentAnswerSchema } from '../../contract/booking';
import {
  authenticationBody,
  authenticationViewSchema,
  paymentConfigSchema,
  paymentParams,
} from '../../contract/payments';
import { problemResponses } from '../../contract/problem';
import type { AppContext } from '../app-context';
import { completeAuthentication, showAuthentication } from './authenticate-payment';
import { customerGuard } from '../auth/customer-guard';

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
          response: { 200: paymentConfigSchema },
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
          response: { 200: authenticationViewSchema, ...problemResponses(400, 401, 404) },
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
          body: authenticationBody,
          response: {
            200: paymentAnswerSchema,
            ...problemResponses(400, 401, 402, 404, 409, 410),
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
