import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context';
import { rulesConfigOf } from '../availability/rules-config';
import { problemResponses } from '../../contract/problem';
import {
  professionalParams,
  professionalSchema,
  professionalsAnswer,
  professionalsQuery,
} from '../../contract/professionals';
import { getProfessional } from './get-professional';
import { listProfessionals } from './list-professionals';

export const professionalRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/professionals',
      {
        schema: {
          tags: ['professionals'],
          summary: 'Bookable professionals, by name; optionally only those of one city',
          querystring: professionalsQuery,
          response: { 200: professionalsAnswer, ...problemResponses(400) },
        },
      },
      async (request) => ({
        professionals: await listProfessionals(ctx.db, { city: request.query.city }),
      }),
    );

    app.get(
      '/api/professionals/:username',
      {
        schema: {
          tags: ['professionals'],
          summary: "A bookable professional's public page, with the treatments they offer",
          params: professionalParams,
          response: { 200: professionalSchema, ...problemResponses(400, 404) },
        },
      },
      async (request) =>
        getProfessional(
          ctx.db,
          request.params.username,
          rulesConfigOf(ctx.config).defaultMinimumSpendPence,
          ctx.config.reviews.shownFrom,
        ),
    );
  };
