import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noContent } from '../../contract/common';
import { favouriteParams, favouritesAnswer } from '../../contract/favourites';
import { problemResponses } from '../../contract/problem';
import type { AppContext } from '../app-context';
import { customerGuard } from '../auth/customer-guard';
import { listFavourites } from './list-favourites';
import { removeFavourite } from './remove-favourite';
import { saveFavourite } from './save-favourite';

const tags = ['me'];

/** The signed-in customer's favourite therapists (docs/decisions/0088). */
export const favouriteRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const guard = customerGuard(ctx);
    app.addHook('preValidation', guard.hook);
    const me = (request: FastifyRequest) => guard.customerOf(request).id;

    app.get(
      '/api/me/favourites',
      {
        schema: {
          tags,
          summary: 'My favourite therapists, latest saved first',
          response: { 200: favouritesAnswer, ...problemResponses(401, 404) },
        },
      },
      async (request) => ({ favourites: await listFavourites(ctx.db, me(request)) }),
    );

    app.put(
      '/api/me/favourites/:therapistId',
      {
        schema: {
          tags,
          summary: 'Save a therapist as a favourite (saving again changes nothing)',
          params: favouriteParams,
          response: { 204: noContent, ...problemResponses(400, 401, 404) },
        },
      },
      async (request, reply) => {
        await saveFavourite(ctx.db, me(request), request.params.therapistId);
        return reply.status(204).send(null);
      },
    );

    app.delete(
      '/api/me/favourites/:therapistId',
      {
        schema: {
          tags,
          summary: 'Remove a favourite (removing one that is not there changes nothing)',
          params: favouriteParams,
          response: { 204: noContent, ...problemResponses(400, 401, 404) },
        },
      },
      async (request, reply) => {
        await removeFavourite(ctx.db, me(request), request.params.therapistId);
        return reply.status(204).send(null);
      },
    );
  };
