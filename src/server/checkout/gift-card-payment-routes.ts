import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context';
import { customerGuard } from '../auth/customer-guard';
import {
  giftCardParams,
  giftCardPaymentAnswer,
  giftCardPaymentStatusSchema,
  giftCardPurchaseBody,
} from '../../contract/gift-cards';
import { problemResponses } from '../../contract/problem';
import { buyGiftCard } from './pay-gift-card';
import { syncGiftCardPayment } from './sync-gift-card-payment';

/**
 * /api/gift-cards*: buying a gift card and re-checking its payment, for the signed-in buyer. In
 * checkout, beside the booking's payment routes: both go through the purchase pipeline in
 * payments/ (docs/decisions/0031, 0074).
 */
export const giftCardPaymentRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const guard = customerGuard(ctx);
    app.addHook('preValidation', guard.hook);

    app.post(
      '/api/gift-cards',
      {
        schema: {
          tags: ['gift cards'],
          summary: 'Buy a gift card and pay by card (3-D Secure included); never charges twice',
          body: giftCardPurchaseBody,
          response: {
            200: giftCardPaymentAnswer,
            ...problemResponses(400, 401, 402, 404, 409, 422, 503),
          },
        },
      },
      async (request) => buyGiftCard(ctx, guard.customerOf(request), request.body, request.log),
    );

    app.get(
      '/api/gift-cards/:id/payment-status',
      {
        schema: {
          tags: ['gift cards'],
          summary: "Re-checks a gift card's payment with the provider (after its 3-D Secure page)",
          params: giftCardParams,
          response: { 200: giftCardPaymentStatusSchema, ...problemResponses(400, 401, 404) },
        },
      },
      async (request) =>
        syncGiftCardPayment(ctx, guard.customerOf(request), request.params.id, request.log),
    );
  };
