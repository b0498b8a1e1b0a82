import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { stripeWebhookAnswer } from '../../contract/payments';
import { problemResponses } from '../../contract/problem';
import type { AppContext } from '../app-context';
import { HttpProblem, notFound } from '../http/problem';
import { handleStripeEvent } from './handle-stripe-event';
import { StripePaymentProvider } from '../payments/stripe-provider';

const webhookSchema = {
  tags: ['payments'],
  summary: "Stripe's events about our payments (called by Stripe, signed)",
  description:
    'The body is the Stripe event exactly as sent, checked against the Stripe-Signature header; ' +
    '404 when the demo provider is in use.',
  response: { 200: stripeWebhookAnswer, ...problemResponses(400, 404) },
};

/**
 * POST /api/payments/stripe/webhook. Stripe signs the exact bytes it sent, so this plugin (and only
 * this plugin) keeps JSON bodies raw; the signature is checked before anything is read from them.
 */
export const stripeWebhookRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );

    app.post('/api/payments/stripe/webhook', { schema: webhookSchema }, async (request, reply) => {
      const provider = ctx.payments;
      if (!(provider instanceof StripePaymentProvider)) throw notFound('Not found.');
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body))
        throw new HttpProblem(400, 'Missing Stripe signature or body.');
      let event;
      try {
        event = provider.verifyWebhook(request.body, signature);
      } catch {
        throw new HttpProblem(400, 'The webhook signature does not match.');
      }
      const result = await handleStripeEvent(ctx, event, request.log);
      return reply.status(200).send({ received: true, result });
    });
  };
