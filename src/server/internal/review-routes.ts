import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { problemResponses } from '../../contract/problem';
import {
  hideAnswer,
  hideBody,
  hideReviewParams,
  reviewListAnswer,
  reviewListQuery,
} from '../../contract/reviews';
import type { AppContext } from '../app-context';
import { requireInternalToken } from './bearer-auth';
import { hideReview } from '../reviews/hide-review';
import { listReviewRecords } from '../reviews/review-records';

// The company's side of reviews, for its support tools and the admin command line: the latest
// or the reported reviews, and hiding one with a reason.

const AUTH_NOTE = 'Requires "Authorization: Bearer <INTERNAL_API_TOKEN>".';
// 401 without the right token; 503 when no token is configured.
const authResponses = problemResponses(401, 503);

export const internalReviewRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Registered without fastify-plugin, so this hook guards only the routes below.
    app.addHook('onRequest', requireInternalToken(ctx));

    app.get(
      '/api/internal/reviews',
      {
        schema: {
          tags: ['internal'],
          summary: 'The latest reviews, or (reported=true) those customers reported',
          description: AUTH_NOTE,
          querystring: reviewListQuery,
          response: { 200: reviewListAnswer, ...problemResponses(400), ...authResponses },
        },
      },
      async (request) => ({
        reviews: await listReviewRecords(ctx.db, { reported: request.query.reported === 'true' }),
      }),
    );

    app.post(
      '/api/internal/reviews/:bookingId/hide',
      {
        schema: {
          tags: ['internal'],
          summary: 'Hide the review of a booking (by id or reference), with the reason',
          description:
            `${AUTH_NOTE} A hidden review counts nowhere publicly (average, count, latest ` +
            'reviews) and is never deleted; the reason is kept. Hiding it again changes nothing.',
          params: hideReviewParams,
          body: hideBody,
          response: { 200: hideAnswer, ...problemResponses(400, 404), ...authResponses },
        },
      },
      async (request) =>
        hideReview(ctx.db, request.params.bookingId, request.body.reason, ctx.now()),
    );
  };
