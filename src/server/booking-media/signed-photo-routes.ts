import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedPhotoParams, signedPhotoQuery } from '../../contract/booking-media';
import { problemResponses } from '../../contract/problem';
import type { AppContext } from '../app-context';
import { HttpProblem } from '../http/problem';
import { checkPhotoLink } from './photo-links';
import { readBookingPhoto } from './read-booking-photo';

// GET /api/booking-photos/:photoId?expires=…&signature=…: a customer's photo for the therapist,
// by the signed link in their calendar feed or the internal booking record (photo-links.ts). No
// session: the link is the key, and it stops working at its expiry.

const image = z.instanceof(Buffer).meta({ type: 'string', format: 'binary', description: 'JPEG' });

export const signedPhotoRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/booking-photos/:photoId',
      {
        schema: {
          tags: ['calendars'],
          summary: "A customer's photo for their therapist, by a signed link",
          description:
            'The links come from the therapist calendar feed (valid 48 to 72 hours) and ' +
            'GET /api/internal/bookings (one hour). 403 for a link altered or expired; 404 ' +
            'once the photo is removed.',
          params: signedPhotoParams,
          querystring: signedPhotoQuery,
          response: {
            200: { description: 'The image', content: { 'image/jpeg': { schema: image } } },
            ...problemResponses(400, 403, 404),
          },
        },
      },
      async (request, reply) => {
        const { photoId } = request.params;
        const { expires, signature } = request.query;
        const check = checkPhotoLink(
          ctx.uploads.linkSecret,
          photoId,
          expires,
          signature,
          ctx.now(),
        );
        if (check === 'forged') {
          throw new HttpProblem(403, 'This photo link is not valid.', {
            code: 'photo_link_invalid',
          });
        }
        if (check === 'expired') {
          throw new HttpProblem(
            403,
            'This photo link has expired: open the booking again for a new one.',
            { code: 'photo_link_expired' },
          );
        }
        const photo = await readBookingPhoto(ctx, photoId, null);
        return reply
          .header('content-type', photo.contentType)
          .header('cache-control', 'private, no-store')
          .header('referrer-policy', 'no-referrer')
          .send(photo.bytes);
      },
    );
  };
