import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context';
import { rulesConfigOf } from '../booking/rules-config';
import { problemSchema } from '../http/openapi';
import { getProfessional } from './get-professional';
import { listProfessionals } from './list-professionals';

// The catalogue's username rule (2-40 of a-z, 0-9, dot, dash, underscore), read case-blind so a
// link typed with capitals still works; anything else cannot be a username and is a 400.
const usernameParam = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]{1,39}$/,
    'must be 2-40 letters, digits, dots, dashes or underscores',
  )
  .describe('Professional username, e.g. isla');

const citySlugQuery = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a city slug, e.g. edinburgh')
  .max(64);

const professionalSummarySchema = z.object({
  username: z.string(),
  name: z.string(),
  photoUrl: z.string().nullable(),
  area: z.string().describe('City slug'),
  areaName: z.string(),
  bio: z.string().describe('Truncated to 10 words'),
  treatmentCount: z.number().int(),
});

const professionalSchema = z.object({
  username: z.string(),
  name: z.string(),
  photoUrl: z.string().nullable(),
  bio: z.string(),
  area: z.string().describe('City slug'),
  areaName: z.string(),
  businessEnabled: z.boolean(),
  minimumSpendPence: z.number().int().describe("The therapist's, or the default when unset"),
  treatments: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      category: z.string(),
      pricePence: z.number().int(),
      durationMinutes: z.number().int(),
    }),
  ),
});

export const professionalRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/professionals',
      {
        schema: {
          tags: ['professionals'],
          summary: 'Bookable professionals, by name; optionally only those of one city',
          querystring: z.object({ city: citySlugQuery.optional() }),
          response: {
            200: z.object({ professionals: z.array(professionalSummarySchema) }),
            400: problemSchema,
          },
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
          params: z.object({ username: usernameParam }),
          response: { 200: professionalSchema, 400: problemSchema, 404: problemSchema },
        },
      },
      async (request) =>
        getProfessional(
          ctx.db,
          request.params.username,
          rulesConfigOf(ctx.config).defaultMinimumSpendPence,
        ),
    );
  };
