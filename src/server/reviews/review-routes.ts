import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bookingParams } from '../../contract/booking';
import { problemResponses } from '../../contract/problem';
import {
  cityRatingsAnswer,
  cityRatingsParams,
  ownReviewSchema,
  reportAnswer,
  reportBody,
  reviewBody,
  reviewIdParams,
} from '../../contract/reviews';
import type { AppContext } from '../app-context';
import { customerGuard } from '../auth/customer-guard';
import { reportReview } from './report-review';
import { listCityRatings } from './therapist-reviews';
import { writeReview } from './write-review';

// Reviews' routes (docs/decisions/0086): the customer's, the public ratings of the booking flow,
// and the company's (internal API). A profile's rating and latest reviews come with
// GET /api/professionals/:username.

const customerRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const guard = customerGuard(ctx);
    app.addHook('preValidation', guard.hook);

    app.post(
      '/api/bookings/:id/review',
      {
        schema: {
          tags: ['reviews'],
          summary:
            'Rate a completed appointment (1-5 stars, optional comment), or change the rating',
          description:
            'Only the booking’s customer, only once it is completed. Sent again within 14 days of ' +
            'first writing it, it replaces the rating and comment; after that the review is ' +
            'fixed (409). Someone else’s booking is 404; one not completed is 409.',
          params: bookingParams,
          body: reviewBody,
          response: {
            200: ownReviewSchema.describe('The review, changed'),
            201: ownReviewSchema.describe('The review, written'),
            ...problemResponses(400, 401, 404, 409),
          },
        },
      },
      async (request, reply) => {
        const customer = guard.customerOf(request);
        const { review, created } = await writeReview(
          ctx.db,
          customer.id,
          request.params.id,
          request.body,
          ctx.now(),
        );
        return reply.status(created ? 201 : 200).send(review);
      },
    );

    app.post(
      '/api/reviews/:id/report',
      {
        schema: {
          tags: ['reviews'],
          summary: 'Report a review to the company (once per customer and review)',
          params: reviewIdParams,
          body: reportBody,
          response: { 200: reportAnswer, ...problemResponses(400, 401, 404, 409) },
        },
      },
      async (request) => {
        const customer = guard.customerOf(request);
        await reportReview(ctx.db, customer.id, request.params.id, request.body.reason, ctx.now());
        return { reported: true as const };
      },
    );
  };

const publicRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/cities/:city/therapist-ratings',
      {
        schema: {
          tags: ['reviews'],
          summary: "Ratings of the city's therapists, for the booking flow's therapist cards",
          description:
            'Only therapists with at least REVIEWS_SHOWN_FROM (default 3) visible reviews are ' +
            'listed; hidden reviews count nowhere.',
          params: cityRatingsParams,
          response: { 200: cityRatingsAnswer, ...problemResponses(400) },
        },
      },
      async (request) => ({
        ratings: await listCityRatings(ctx.db, request.params.city, ctx.config.reviews.shownFrom),
      }),
    );
  };

export const reviewRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(publicRoutes(ctx));
    await app.register(customerRoutes(ctx));
  };
