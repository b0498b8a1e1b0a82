import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { walletSchema } from '../../contract/me';
import { problemResponses } from '../../contract/problem';
import type { AppContext } from '../app-context';
import { customerGuard } from '../auth/customer-guard';
import { getWallet } from './get-wallet';

/** The signed-in customer's wallet. */
export const walletRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const guard = customerGuard(ctx);
    app.addHook('preValidation', guard.hook);

    app.get(
      '/api/me/wallet',
      {
        schema: {
          tags: ['me'],
          summary: 'My wallet: balance and entries in plain words',
          response: { 200: walletSchema, ...problemResponses(401, 404) },
        },
      },
      async (request) => getWallet(ctx.db, guard.customerOf(request).id),
    );
  };
