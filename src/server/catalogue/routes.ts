import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context';
import { citiesAnswer, cityParams, cityTreatmentsAnswer } from '../../contract/catalogue';
import { problemResponses } from '../../contract/problem';
import { listCities } from './list-cities';
import { listCityTreatments } from './list-city-treatments';

export const catalogueRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/cities',
      {
        schema: {
          tags: ['catalogue'],
          summary: 'Cities we serve',
          response: { 200: citiesAnswer },
        },
      },
      async () => ({ cities: await listCities(ctx.db) }),
    );

    app.get(
      '/api/cities/:city/treatments',
      {
        schema: {
          tags: ['catalogue'],
          summary:
            'Treatments bookable in a city, in catalogue order, with the add-ons each offers',
          params: cityParams,
          response: { 200: cityTreatmentsAnswer, ...problemResponses(400, 404) },
        },
      },
      async (request) => ({ treatments: await listCityTreatments(ctx.db, request.params.city) }),
    );
  };
