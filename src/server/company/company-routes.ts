import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companyDetailsSchema } from '../../contract/company';
import type { AppContext } from '../app-context';

export const companyRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/company',
      {
        schema: {
          tags: ['catalogue'],
          summary: 'Who runs this booking system: registered name, number, office and contacts',
          response: { 200: companyDetailsSchema },
        },
      },
      async (_request, reply) => {
        // The same for everyone and changed only by a redeploy: browsers and caches may keep it
        // for a few minutes, so the footer on every page costs one request per visit at most.
        void reply.header('Cache-Control', 'public, max-age=300');
        return ctx.config.company;
      },
    );
  };
