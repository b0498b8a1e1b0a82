import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  availableDatesAnswer,
  availableTherapistsAnswer,
  datesQuery,
  therapistsQuery,
} from '../../contract/availability';
import { cityParams } from '../../contract/catalogue';
import { problemResponses } from '../../contract/problem';
import type { CustomerProfile } from '../../domain/types';
import type { AppContext } from '../app-context';
import { listAvailableDates } from './list-available-dates';
import { listAvailableTherapists } from './list-available-therapists';

// These answers are built here from the database, and TypeScript already holds the handlers to
// the response schemas (the zod type provider); checking each answer again at run time cost more
// CPU than computing it (the profile in bench/results). So they are serialized with plain
// JSON.stringify, and a cached answer, one object shared by every request within the TTL, only
// once: its JSON is reused. The schemas still describe the routes in the OpenAPI document.
const serializeOncePerAnswer = () => {
  const serialized = new WeakMap<object, string>();
  return (data: unknown): string => {
    if (typeof data !== 'object' || data === null) return JSON.stringify(data);
    let json = serialized.get(data);
    if (json === undefined) {
      json = JSON.stringify(data);
      serialized.set(data, json);
    }
    return json;
  };
};

function cacheKey(parts: (string | null)[], customer: CustomerProfile | null): string {
  // Only what changes the answer: account type and gender, never who the customer is.
  return [...parts, customer?.accountType ?? '-', customer?.gender ?? '-'].join('|');
}

export const availabilityRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Registered as its own plugin, so this applies to the availability routes only.
    app.setSerializerCompiler(serializeOncePerAnswer);

    app.get(
      '/api/cities/:city/dates',
      {
        schema: {
          tags: ['availability'],
          summary: 'UK days in the next 36 with at least one bookable slot',
          params: cityParams,
          querystring: datesQuery,
          response: { 200: availableDatesAnswer, ...problemResponses(400, 404, 422) },
        },
      },
      async (request) => {
        const customer = await ctx.currentCustomer(request);
        const { city } = request.params;
        const { treatments: treatmentIds, therapist: therapistId, postcode } = request.query;
        const key = cacheKey(
          ['dates', city, treatmentIds.join(','), therapistId ?? '*', postcode ?? '-'],
          customer,
        );
        return ctx.availabilityCache.get(key, () =>
          listAvailableDates(
            ctx,
            {
              city,
              treatmentIds,
              customer,
              ...(therapistId === undefined ? {} : { therapistId }),
              ...(postcode === undefined ? {} : { postcode }),
            },
            request.log,
          ),
        );
      },
    );

    app.get(
      '/api/cities/:city/therapists',
      {
        schema: {
          tags: ['availability'],
          summary: 'Therapists who can take the treatments on a day, with their free start times',
          params: cityParams,
          querystring: therapistsQuery,
          response: { 200: availableTherapistsAnswer, ...problemResponses(400, 404, 422) },
        },
      },
      async (request) => {
        const customer = await ctx.currentCustomer(request);
        const { city } = request.params;
        const { date, treatments: treatmentIds, postcode } = request.query;
        const key = cacheKey(
          ['therapists', city, date, treatmentIds.join(','), postcode ?? '-'],
          customer,
        );
        return ctx.availabilityCache.get(key, () =>
          listAvailableTherapists(
            ctx,
            {
              city,
              date,
              treatmentIds,
              customer,
              ...(postcode === undefined ? {} : { postcode }),
            },
            request.log,
          ),
        );
      },
    );
  };
