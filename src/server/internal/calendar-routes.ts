import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { problemResponses } from '../../contract/problem';
import { therapistCalendarUrlSchema, therapistIdParams } from '../../contract/therapist-calendar';
import type { AppContext } from '../app-context';
import { therapistCalendarUrl } from '../therapist-calendar/calendar-url';
import { requireInternalToken } from './bearer-auth';

// The therapists' private calendar URLs, for the company's other systems (which pass them on to
// each therapist) and the admin command line. Apart from routes.ts to keep each file small.

const AUTH_NOTE = 'Requires "Authorization: Bearer <INTERNAL_API_TOKEN>".';
const responses = {
  200: therapistCalendarUrlSchema,
  ...problemResponses(400, 404),
  // 401 without the right token; 503 when no token is configured.
  ...problemResponses(401, 503),
};

export const internalCalendarRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Registered without fastify-plugin, so this hook guards only the routes below.
    app.addHook('onRequest', requireInternalToken(ctx));

    app.get(
      '/api/internal/therapists/:id/calendar-url',
      {
        schema: {
          tags: ['internal'],
          summary: "A therapist's private calendar feed URL (made on the first ask)",
          description:
            `${AUTH_NOTE} The same URL every time until it is rotated. Give it only to the ` +
            'therapist: it shows their upcoming bookings to whoever has it.',
          params: therapistIdParams,
          response: responses,
        },
      },
      async (request) => therapistCalendarUrl(ctx.db, ctx.config.publicUrl, request.params.id),
    );

    app.post(
      '/api/internal/therapists/:id/calendar-url/rotate',
      {
        schema: {
          tags: ['internal'],
          summary: "Replace a therapist's calendar feed URL; the old one stops working at once",
          description: `${AUTH_NOTE} For a URL that was shared by mistake or a phone that was lost.`,
          params: therapistIdParams,
          response: responses,
        },
      },
      async (request) =>
        therapistCalendarUrl(ctx.db, ctx.config.publicUrl, request.params.id, { rotate: true }),
    );
  };
