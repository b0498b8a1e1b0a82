import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { problemResponses } from '../../contract/problem';
import {
  referralSchema,
  validateReferralAnswer,
  validateReferralBody,
} from '../../contract/referrals';
import type { AppContext } from '../app-context';
import { customerGuard } from '../auth/customer-guard';
import { getReferral } from './get-referral';
import { validateReferral } from './validate-referral';

const tags = ['referrals'];

/** A customer's own referral link, and checking a link someone opened (decision 0029). */
export const referralRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const guard = customerGuard(ctx);

    app.get(
      '/api/me/referral',
      {
        preValidation: guard.hook,
        schema: {
          tags,
          summary: 'My referral code and link, and what it has brought',
          response: { 200: referralSchema, ...problemResponses(401, 404) },
        },
      },
      async (request) => getReferral(ctx, guard.customerOf(request).id),
    );

    app.post(
      '/api/referrals/validate',
      {
        schema: {
          tags,
          summary: 'Who a referral code stands for; rate-limited',
          body: validateReferralBody,
          response: { 200: validateReferralAnswer, ...problemResponses(400, 404, 429) },
        },
      },
      async (request) => validateReferral(ctx, request.body.code, request.ip),
    );
  };
