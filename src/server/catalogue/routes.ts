import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context';
import { problemSchema } from '../http/openapi';
import { listCities } from './list-cities';
import { listCityTreatments } from './list-city-treatments';

const citySchema = z.object({ slug: z.string(), name: z.string() });
const treatmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  description: z.string(),
  pricePence: z.number().int(),
  durationMinutes: z.number().int(),
  order: z.number().int(),
  isAddOn: z.boolean(),
  addOnIds: z.array(z.string()),
});
export const cityParamsSchema = z.object({
  city: z.string().min(1).max(64).describe('City slug, e.g. edinburgh'),
});

export const catalogueRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/cities',
      {
        schema: {
          tags: ['catalogue'],
          summary: 'Cities we serve',
          response: { 200: z.object({ cities: z.array(citySchema) }) },
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
          params: cityParamsSchema,
          response: {
            200: z.object({ treatments: z.array(treatmentSchema) }),
            404: problemSchema,
          },
        },
      },
      async (request) => ({ treatments: await listCityTreatments(ctx.db, request.params.city) }),
    );
  };
