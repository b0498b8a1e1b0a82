import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogueDocumentSchema } from '../../contract/catalogue-document';
import {
  businessPaymentBody,
  businessPaymentSchema,
  catalogueImportAnswer,
  catalogueImportBody,
  goodwillCreditAnswer,
  goodwillCreditBody,
  roleFlagsBody,
  userEmailParams,
  userRolesSchema,
} from '../../contract/internal';
import { problemResponses } from '../../contract/problem';
import { setBusinessPayment } from '../account/set-business-payment';
import { setUserRoles } from '../account/set-user-roles';
import type { AppContext } from '../app-context';
import { exportCatalogue } from '../catalogue/export-catalogue';
import { importCatalogue } from '../catalogue/import-catalogue';
import { HttpProblem } from '../http/problem';
import { grantGoodwillCredit } from '../wallet/grant-goodwill-credit';
import { requireInternalToken } from './bearer-auth';
import { internalBookingRoutes } from './booking-routes';
import { internalReviewRoutes } from './review-routes';
import { internalTherapistRoutes } from './therapist-routes';

// Service-to-service API for the company's other systems, and the admin command line's way in
// while a server holds the PGlite folder. Same use cases as the CLI, so both behave the same.

const AUTH_NOTE = 'Requires "Authorization: Bearer <INTERNAL_API_TOKEN>".';
// 1,000 therapists with 36 windows each is a few megabytes; leave generous room above that.
const CATALOGUE_BODY_LIMIT = 64 * 1024 * 1024;

// 401 without the right token; 503 when no token is configured.
const authResponses = problemResponses(401, 503);

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
          body: catalogueImportBody,
          response: {
            200: catalogueImportAnswer,
            ...problemResponses(400, 413),
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
          params: userEmailParams,
          body: roleFlagsBody,
          response: { 200: userRolesSchema, ...problemResponses(400, 404), ...authResponses },
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
          params: userEmailParams,
          body: businessPaymentBody,
          response: {
            200: businessPaymentSchema,
            ...problemResponses(400, 404, 422),
            ...authResponses,
          },
        },
      },
      async (request) => setBusinessPayment(ctx.db, request.params.email, request.body.arrangement),
    );

    app.post(
      '/api/internal/users/:email/credit',
      {
        schema: {
          tags: ['internal'],
          summary: "Add credit to a customer's wallet by hand, with the reason they are shown",
          description:
            `${AUTH_NOTE} Idempotent: the same idempotencyKey again answers the same credit ` +
            '(replayed true) and adds nothing; the key with another customer, amount or reason ' +
            'is a 409.',
          params: userEmailParams,
          body: goodwillCreditBody,
          response: {
            200: goodwillCreditAnswer,
            ...problemResponses(400, 404, 409),
            ...authResponses,
          },
        },
      },
      async (request) => grantGoodwillCredit(ctx.db, request.params.email, request.body),
    );

    await app.register(internalBookingRoutes(ctx));
    await app.register(internalReviewRoutes(ctx));
    await app.register(internalTherapistRoutes(ctx));
  };
