import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { problemResponses } from '../../contract/problem';
import { calendarFeedParams, calendarFeedSchema } from '../../contract/therapist-calendar';
import type { AppContext } from '../app-context';
import { HttpProblem } from '../http/problem';
import { therapistOfToken } from './calendar-token';
import { loadTherapistFeed } from './load-feed';
import { FEED_REFRESH } from './calendar-feed';

// GET /api/calendars/<token>.ics: the therapist's feed, for calendar apps to subscribe to. No
// cookie or header proves anything here (calendar apps send none): the unguessable token in the
// path is the key, and the internal API rotates it when it leaks.

const NOT_FOUND = 'No calendar at this address: it may have been replaced by a new one.';

export const calendarFeedRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/calendars/:file',
      {
        schema: {
          tags: ['calendars'],
          summary:
            "A therapist's private calendar feed (iCalendar), from the URL the internal API gives",
          description:
            `Refetch every ${FEED_REFRESH} or so. An unknown or rotated token answers 404. ` +
            'The URL comes from GET /api/internal/therapists/{id}/calendar-url.',
          params: calendarFeedParams,
          response: {
            200: {
              description: 'The calendar',
              content: { 'text/calendar': { schema: calendarFeedSchema } },
            },
            ...problemResponses(404),
          },
        },
      },
      async (request, reply) => {
        const token = /^(.+)\.ics$/.exec(request.params.file)?.[1];
        const therapist = token ? await therapistOfToken(ctx.db, token) : null;
        if (!therapist) throw new HttpProblem(404, NOT_FOUND);
        const feed = await loadTherapistFeed(ctx, therapist, request.log);
        return (
          reply
            .header('content-type', 'text/calendar; charset=utf-8')
            // Bookings change at any moment, and the URL itself is a secret: keep no copies.
            .header('cache-control', 'private, no-store')
            .header('content-disposition', 'inline; filename="bookings.ics"')
            .send(feed)
        );
      },
    );
  };
