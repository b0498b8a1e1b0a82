import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context';
import { problemSchema } from '../http/openapi';
import { deleteSavedCard, listSavedCards } from '../payments/saved-cards';
import { customerGuard } from '../auth/customer-guard';
import { bookingViewSchema } from './booking-schemas';
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
          response: {
            200: z.object({
              upcoming: z.array(bookingViewSchema),
              past: z.array(bookingViewSchema),
            }),
            401: problemSchema,
          },
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
          response: {
            200: z.object({
              cards: z.array(
                z.object({
                  id: z.string(),
                  brand: z.string(),
                  last4: z.string(),
                  expMonth: z.number().int(),
                  expYear: z.number().int(),
                }),
              ),
            }),
            401: problemSchema,
          },
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
          params: z.object({ id: z.uuid({ message: 'must be a card id' }) }),
          response: { 204: z.null(), 400: problemSchema, 401: problemSchema, 404: problemSchema },
        },
      },
      async (request, reply) => {
        await deleteSavedCard(ctx, guard.customerOf(request).id, request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
