import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { problemResponses } from '../../contract/problem';
import { therapistPhotoAnswer, therapistPhotoParams } from '../../contract/therapist-photo';
import { PHOTO_MAX_BYTES, PHOTO_MIN_SIDE } from '../../contract/therapist-photo-paths';
import type { AppContext } from '../app-context';
import { HttpProblem } from '../http/problem';
import { removeTherapistPhoto } from '../media/remove-therapist-photo';
import { setTherapistPhoto } from '../media/set-therapist-photo';
import { requireInternalToken } from './bearer-auth';

// PUT /api/internal/therapists/:id/photo (the image as the body) and DELETE: the company's photo
// of a therapist, for its other systems and the admin command line. Apart from routes.ts to keep
// each file small; the work is in src/server/media.

const AUTH_NOTE = 'Requires "Authorization: Bearer <INTERNAL_API_TOKEN>".';
const authResponses = problemResponses(401, 503);

// Any Content-Type is read (the bytes are checked, not the header); the API document says
// application/json because the type provider describes one body, but the schema says binary.
const imageBody = z.instanceof(Buffer).meta({
  type: 'string',
  format: 'binary',
  description:
    `The image file itself (JPEG, PNG, WebP or AVIF; at most ${PHOTO_MAX_BYTES / 1024 / 1024} MB; ` +
    `at least ${PHOTO_MIN_SIDE}×${PHOTO_MIN_SIDE} px), sent as it is, not as JSON. Its type is ` +
    'read from its content.',
});

export const internalPhotoRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Registered without fastify-plugin, so the hook and the parser apply to these routes only.
    app.addHook('onRequest', requireInternalToken(ctx));
    // Any Content-Type: the bytes are what is checked, so a wrong or missing header costs nothing.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    const photoCtx = { db: ctx.db, media: ctx.media, log: app.log };

    app.put(
      '/api/internal/therapists/:id/photo',
      {
        bodyLimit: PHOTO_MAX_BYTES,
        schema: {
          tags: ['internal'],
          summary:
            "Upload a therapist's photo: checked, cropped square, resized, replaces the last",
          description:
            `${AUTH_NOTE} The photo is resized to 96, 192 and 384 px squares (cropped around the ` +
            'face) in AVIF, WebP and JPEG, and served under /media. The catalogue import leaves it.',
          params: therapistPhotoParams,
          body: imageBody,
          response: {
            200: therapistPhotoAnswer,
            ...problemResponses(400, 404, 413, 415, 422),
            ...authResponses,
          },
        },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body))
          throw new HttpProblem(400, 'Send the image as the body.');
        const answer = await setTherapistPhoto(photoCtx, request.params.id, request.body);
        ctx.availabilityCache.clear();
        return answer;
      },
    );

    app.delete(
      '/api/internal/therapists/:id/photo',
      {
        schema: {
          tags: ['internal'],
          summary: "Remove a therapist's uploaded photo; their drawn portrait shows instead",
          description: `${AUTH_NOTE} A therapist without an uploaded photo is left as they are.`,
          params: therapistPhotoParams,
          response: { 200: therapistPhotoAnswer, ...problemResponses(400, 404), ...authResponses },
        },
      },
      async (request) => {
        const answer = await removeTherapistPhoto(photoCtx, request.params.id);
        ctx.availabilityCache.clear();
        return answer;
      },
    );
  };
