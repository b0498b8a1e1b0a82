import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context';
import { customerGuard } from '../auth/customer-guard';
import {
  giftCardPurchasesAnswer,
  redeemGiftCardAnswer,
  redeemGiftCardBody,
} from '../../contract/gift-cards';
import { problemResponses } from '../../contract/problem';
import { listGiftCards } from './list-gift-cards';
import { redeemGiftCard } from './redeem-gift-card';

/** The signed-in customer's side of gift cards: what they bought, and redeeming a code. */
export const giftCardRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const guard = customerGuard(ctx);
    app.addHook('preValidation', guard.hook);

    app.get(
      '/api/me/gift-cards',
      {
        schema: {
          tags: ['gift cards'],
          summary: 'The gift cards I bought, newest first (codes show only their last four)',
          response: { 200: giftCardPurchasesAnswer, ...problemResponses(401) },
        },
      },
      async (request) => ({
        giftCards: await listGiftCards(ctx.db, guard.customerOf(request).id, ctx.now()),
      }),
    );

    app.post(
      '/api/me/wallet/redeem',
      {
        schema: {
          tags: ['gift cards'],
          summary: 'Redeem a gift card code: its whole balance moves into my wallet, once',
          body: redeemGiftCardBody,
          response: {
            200: redeemGiftCardAnswer,
            ...problemResponses(400, 401, 404, 409, 429),
          },
        },
      },
      async (request) =>
        redeemGiftCard(ctx, guard.customerOf(request).id, request.body.code, request.ip),
    );
  };
