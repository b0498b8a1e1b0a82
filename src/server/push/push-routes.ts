import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noContent } from '../../contract/common';
import { problemResponses } from '../../contract/problem';
import {
  pushPublicKeySchema,
  pushSubscriptionBody,
  pushSubscriptionSaved,
  removePushSubscriptionBody,
} from '../../contract/push';
import type { AppContext } from '../app-context';
import { customerGuard } from '../auth/customer-guard';
import { HttpProblem } from '../http/problem';
import { removePushSubscription } from './remove-push-subscription';
import { savePushSubscription } from './save-push-subscription';

const tags = ['push'];

/** The key a browser subscribes with, and this device's subscription (decision 0033). */
export const pushRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const guard = customerGuard(ctx);
    const pushOff = () =>
      new HttpProblem(404, 'Notifications are not available on this site.', {
        code: 'push_unavailable',
      });

    app.get(
      '/api/push/public-key',
      {
        schema: {
          tags,
          summary: 'The VAPID public key browsers subscribe with (applicationServerKey)',
          response: { 200: pushPublicKeySchema, ...problemResponses(404) },
        },
      },
      async () => {
        if (!ctx.push) throw pushOff();
        return { publicKey: ctx.push.publicKey };
      },
    );

    app.post(
      '/api/me/push-subscriptions',
      {
        preValidation: guard.hook,
        schema: {
          tags,
          summary: "Registers (or refreshes) this device's push subscription; merge-written",
          body: pushSubscriptionBody,
          response: { 200: pushSubscriptionSaved, ...problemResponses(400, 401, 404, 422) },
        },
      },
      async (request) => {
        if (!ctx.push) throw pushOff();
        return savePushSubscription(ctx, guard.customerOf(request).id, request.body);
      },
    );

    app.delete(
      '/api/me/push-subscriptions',
      {
        preValidation: guard.hook,
        schema: {
          tags,
          summary: 'Forgets this device: no more pushes to it for this account',
          body: removePushSubscriptionBody,
          response: { 204: noContent, ...problemResponses(400, 401) },
        },
      },
      async (request, reply) => {
        await removePushSubscription(ctx, guard.customerOf(request).id, request.body.endpoint);
        return reply.code(204).send(null);
      },
    );
  };
