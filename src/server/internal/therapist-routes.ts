import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  therapistAvailabilityAnswer,
  therapistAvailabilityBody,
  therapistDocumentBody,
  therapistIdParams,
  therapistPutAnswer,
} from '../../contract/catalogue-therapist';
import { problemResponses } from '../../contract/problem';
import type { AppContext } from '../app-context';
import { putTherapist } from '../catalogue/put-therapist';
import { replaceTherapistAvailability } from '../catalogue/replace-therapist-availability';

// One therapist kept current without sending the whole catalogue (docs/decisions/0092). Registered
// inside internalRoutes, so its bearer-token hook guards these too.

const AUTH_NOTE = 'Requires "Authorization: Bearer <INTERNAL_API_TOKEN>".';
// 401 without the right token; 503 when no token is configured.
const authResponses = problemResponses(401, 503);
// A year of the company's timestamps, one every 15 minutes all day, is about 1 MB: room above that.
const AVAILABILITY_BODY_LIMIT = 4 * 1024 * 1024;
const IDEMPOTENT =
  'Idempotent: the same body again stores the same and answers the same. Bookings are never ' +
  'changed; the answer lists those the change strands (strandedBookings). Cached availability ' +
  'answers are dropped at once.';

export const internalTherapistRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.put(
      '/api/internal/therapists/:id',
      {
        schema: {
          tags: ['internal'],
          summary: "Create or replace one therapist, in the catalogue's shape or the company's",
          description:
            `${AUTH_NOTE} Stored as the catalogue import stores a document holding only this ` +
            'therapist: the same rules, and the same meaning of a field left out (serviceIds and ' +
            'availability absent leave the stored set; present, even [], replace it). Unknown ' +
            `fields, wrong types and contradictions are a 400 naming their JSON path. ${IDEMPOTENT}`,
          params: therapistIdParams,
          body: therapistDocumentBody,
          response: { 200: therapistPutAnswer, ...problemResponses(400, 413), ...authResponses },
        },
      },
      async (request) => {
        const answer = await putTherapist(ctx, request.params.id, request.body);
        // Cached availability answers may describe the therapist as they were (decision 0002).
        ctx.availabilityCache.clear();
        return answer;
      },
    );

    app.put(
      '/api/internal/therapists/:id/availability',
      {
        bodyLimit: AVAILABILITY_BODY_LIMIT,
        schema: {
          tags: ['internal'],
          summary: "Replace a therapist's availability windows for some days",
          description:
            `${AUTH_NOTE} Their windows inside the UK days from..to are replaced by the body's; ` +
            'windows outside them are kept, and a stored window crossing their edge keeps its ' +
            `part outside. ${IDEMPOTENT} 404 for a therapist not in the catalogue.`,
          params: therapistIdParams,
          body: therapistAvailabilityBody,
          response: {
            200: therapistAvailabilityAnswer,
            ...problemResponses(400, 404, 413),
            ...authResponses,
          },
        },
      },
      async (request) => {
        const answer = await replaceTherapistAvailability(ctx, request.params.id, request.body);
        ctx.availabilityCache.clear();
        return answer;
      },
    );
  };
