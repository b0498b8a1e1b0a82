import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appointmentsSchema, cardParams, cardsAnswer } from '../../contract/me';
import { noContent } from '../../contract/common';
import { problemResponses } from '../../contract/problem';
import type { AppContext } from '../app-context';
import { deleteSavedCard, listSavedCards } from '../payments/saved-cards';
import { customerGuard } from '../auth/customer-guard';
import { listAppointments } from './list-appointments';

/** The account pages' booking data: /api/me/appointments and /api/me/cards. */
export const meBookingRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const guard = customerGuard(ctx);
    app.addHook('preValidation', guard.hook);

    app.get(
      '/api/me/appointments',
      {
        schema: {
          tags: ['account'],
          summary: 'Upcoming (soonest first) and past or cancelled (latest first) appointments',
          response: { 200: appointmentsSchema, ...problemResponses(401) },
        },
      },
      async (request) => listAppointments(ctx, guard.customerOf(request).id),
    );

    app.get(
      '/api/me/cards',
      {
        schema: {
          tags: ['account'],
          summary: 'Saved cards: brand, last 4 and expiry only',
          response: { 200: cardsAnswer, ...problemResponses(401) },
        },
      },
      async (request) => ({ cards: await listSavedCards(ctx, guard.customerOf(request).id) }),
    );

    app.delete(
      '/api/me/cards/:id',
      {
        schema: {
          tags: ['account'],
          summary: 'Forget a saved card (here and at the payment provider)',
          params: cardParams,
          response: { 204: noContent, ...problemResponses(400, 401, 404) },
        },
      },
      async (request, reply) => {
        await deleteSavedCard(ctx, guard.customerOf(request).id, request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
