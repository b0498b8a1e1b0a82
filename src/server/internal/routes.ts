import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAYMENT_ARRANGEMENTS, setBusinessPayment } from '../account/set-business-payment';
import { setUserRoles } from '../account/set-user-roles';
import type { AppContext } from '../app-context';
import { catalogueDocumentSchema } from '../catalogue/catalogue-document';
import { exportCatalogue } from '../catalogue/export-catalogue';
import { importCatalogue } from '../catalogue/import-catalogue';
import { problemSchema } from '../http/openapi';
import { HttpProblem } from '../http/problem';
import { requireInternalToken } from './bearer-auth';

// Service-to-service API for the company's other systems, and the admin command line's way in
// while a server holds the PGlite folder. Same use cases as the CLI, so both behave the same.

const AUTH_NOTE = 'Requires "Authorization: Bearer <INTERNAL_API_TOKEN>".';
// 1,000 therapists with 36 windows each is a few megabytes; leave generous room above that.
const CATALOGUE_BODY_LIMIT = 64 * 1024 * 1024;

const authResponses = { 401: problemSchema, 503: problemSchema };
const emailParams = z.object({ email: z.email({ message: 'must be an email address' }) });
const countsSchema = z.object({
  cities: z.number().int(),
  treatments: z.number().int(),
  therapists: z.number().int(),
  availabilityWindows: z.number().int(),
});

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const internalRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Registered without fastify-plugin, so this hook guards only the routes below.
    app.addHook('onRequest', requireInternalToken(ctx));

    app.get(
      '/api/internal/catalogue',
      {
        schema: {
          tags: ['internal'],
          summary: 'Export the whole catalogue (cities, treatments, therapists, availability)',
          description: AUTH_NOTE,
          response: { 200: catalogueDocumentSchema, ...authResponses },
        },
      },
      async () => exportCatalogue(ctx.db),
    );

    app.post(
      '/api/internal/catalogue',
      {
        bodyLimit: CATALOGUE_BODY_LIMIT,
        schema: {
          tags: ['internal'],
          summary: 'Import a catalogue document: upsert by id, all or nothing',
          description:
            `${AUTH_NOTE} The body has the format GET returns. Relation arrays (addOnIds, serviceIds, ` +
            'availability) replace the stored set when present and leave it alone when absent. ' +
            'An invalid document writes nothing and lists every problem with its JSON path.',
          body: z.unknown(),
          response: {
            200: z.object({ counts: countsSchema }),
            400: problemSchema,
            ...authResponses,
          },
        },
      },
      async (request) => {
        const result = await importCatalogue(ctx.db, request.body);
        if (!result.ok) {
          const n = result.problems.length;
          throw new HttpProblem(
            400,
            `The catalogue has ${plural(n, 'problem', 'problems')}; nothing was imported.`,
            { errors: result.problems.map((p) => ({ field: p.path, message: p.message })) },
          );
        }
        // Cached availability answers may describe the catalogue as it was (decision 0002).
        ctx.availabilityCache.clear();
        return { counts: result.counts };
      },
    );

    app.put(
      '/api/internal/users/:email/roles',
      {
        schema: {
          tags: ['internal'],
          summary: "Set a user's role flags (therapist, onboarder); flags left out are unchanged",
          description: AUTH_NOTE,
          params: emailParams,
          body: z.strictObject({
            therapist: z.boolean().optional(),
            onboarder: z.boolean().optional(),
          }),
          response: {
            200: z.object({ email: z.string(), therapist: z.boolean(), onboarder: z.boolean() }),
            400: problemSchema,
            404: problemSchema,
            ...authResponses,
          },
        },
      },
      async (request) => setUserRoles(ctx.db, request.params.email, request.body),
    );

    app.put(
      '/api/internal/users/:email/business-payment',
      {
        schema: {
          tags: ['internal'],
          summary: 'Set how a business account pays: by card or by invoice',
          description: AUTH_NOTE,
          params: emailParams,
          body: z.object({ arrangement: z.enum(PAYMENT_ARRANGEMENTS) }),
          response: {
            200: z.object({ email: z.string(), arrangement: z.enum(PAYMENT_ARRANGEMENTS) }),
            400: problemSchema,
            404: problemSchema,
            422: problemSchema,
            ...authResponses,
          },
        },
      },
      async (request) => setBusinessPayment(ctx.db, request.params.email, request.body.arrangement),
    );
  };
