import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noContent } from '../../contract/common';
import { problemResponses } from '../../contract/problem';
import {
  joinWaitlistBody,
  waitlistAnswer,
  waitlistEntryParams,
  waitlistEntrySchema,
  waitlistOfferParams,
  waitlistOfferSchema,
  waitlistRunAnswer,
} from '../../contract/waitlist';
import type { AppContext } from '../app-context';
import { customerGuard } from '../auth/customer-guard';
import { requireInternalToken } from '../internal/bearer-auth';
import { getWaitlistOffer } from './get-waitlist-offer';
import { joinWaitlist } from './join-waitlist';
import { leaveWaitlist } from './leave-waitlist';
import { runWaitlist } from './run-waitlist';
import { listWaitlist } from './waitlist-view';

const tags = ['waitlist'];

/** The customer's waitlist (docs/decisions/0089): join, list, leave, and an offer's page. */
export const waitlistRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const guard = customerGuard(ctx);
    app.addHook('preValidation', guard.hook);

    app.post(
      '/api/me/waitlist',
      {
        schema: {
          tags,
          summary: 'Wait for a time: told in order of joining when one that suits opens',
          description:
            'At most 5 entries waiting per customer; a range of at most 28 days from today; ' +
            'earliest before latest (UK time). The address is a saved one in the city.',
          body: joinWaitlistBody,
          response: { 201: waitlistEntrySchema, ...problemResponses(400, 401, 422) },
        },
      },
      async (request, reply) => {
        const entry = await joinWaitlist(ctx, guard.customerOf(request), request.body);
        return reply.status(201).send(entry);
      },
    );

    app.get(
      '/api/me/waitlist',
      {
        schema: {
          tags,
          summary: 'My waitlist entries, with the time held for each right now',
          response: { 200: waitlistAnswer, ...problemResponses(401) },
        },
      },
      async (request) => ({
        entries: await listWaitlist(ctx.db, guard.customerOf(request).id, ctx.now()),
        offerMinutes: ctx.config.waitlistOfferMinutes,
      }),
    );

    app.delete(
      '/api/me/waitlist/:id',
      {
        schema: {
          tags,
          summary: 'Leave a waitlist (again: no change); a time held for it is let go at once',
          params: waitlistEntryParams,
          response: { 204: noContent, ...problemResponses(400, 401, 404) },
        },
      },
      async (request, reply) => {
        await leaveWaitlist(ctx, guard.customerOf(request).id, request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/me/waitlist/offers/:token',
      {
        schema: {
          tags,
          summary: 'A time offered from the waitlist: held for me, taken, or lapsed',
          params: waitlistOfferParams,
          response: { 200: waitlistOfferSchema, ...problemResponses(400, 401, 404) },
        },
      },
      async (request) => getWaitlistOffer(ctx, guard.customerOf(request).id, request.params.token),
    );
  };

/** Runs the matcher now, for operators and tests; it also runs every 15 seconds on its own. */
export const waitlistInternalRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireInternalToken(ctx));
    app.post(
      '/api/internal/waitlist/run',
      {
        schema: {
          tags: ['internal'],
          summary: 'Run one waitlist pass now: settle offers, end old entries, offer freed times',
          description: 'Requires "Authorization: Bearer <INTERNAL_API_TOKEN>".',
          response: { 200: waitlistRunAnswer, ...problemResponses(401, 503) },
        },
      },
      async (request) => runWaitlist(ctx, request.log),
    );
  };
