import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { problemResponses } from '../../contract/problem';
import {
  webhookDeliveryParams,
  webhookDeliverySchema,
  webhookListAnswer,
  webhookListQuery,
} from '../../contract/webhooks';
import type { AppContext } from '../app-context';
import { listWebhookDeliveries, retryWebhookDelivery } from '../webhooks/webhook-deliveries';
import { requireInternalToken } from './bearer-auth';

// /api/internal/webhooks: the deliveries of booking events to the company's other systems that are
// waiting or failed, and sending one again (docs/decisions/0035). The admin command line's
// `webhooks` command goes through here while a server holds the PGlite folder.

const AUTH_NOTE = 'Requires "Authorization: Bearer <INTERNAL_API_TOKEN>".';
const authResponses = problemResponses(401, 503);

export const webhookRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Registered without fastify-plugin, so this hook guards only the routes below.
    app.addHook('onRequest', requireInternalToken(ctx));

    app.get(
      '/api/internal/webhooks',
      {
        schema: {
          tags: ['internal'],
          summary: 'Webhook deliveries waiting to be sent or failed for good, oldest first',
          description:
            `${AUTH_NOTE} Both pending and failed unless status says which. A delivery is one ` +
            'event for one URL of WEBHOOK_URLS.',
          querystring: webhookListQuery,
          response: { 200: webhookListAnswer, ...problemResponses(400), ...authResponses },
        },
      },
      async (request) => listWebhookDeliveries(ctx.db, request.query),
    );

    app.post(
      '/api/internal/webhooks/:id/retry',
      {
        schema: {
          tags: ['internal'],
          summary: 'Send a failed or waiting webhook delivery again, now',
          description:
            `${AUTH_NOTE} The delivery becomes pending and due at once; its attempts are kept. ` +
            'A delivered one (or one being sent at this moment) answers 409.',
          params: webhookDeliveryParams,
          response: {
            200: webhookDeliverySchema,
            ...problemResponses(400, 404, 409),
            ...authResponses,
          },
        },
      },
      async (request) => retryWebhookDelivery(ctx.db, request.params.id),
    );
  };
