import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { problemResponses } from '../../contract/problem';
import { mediaFileParams } from '../../contract/therapist-photo';
import { parseMediaFile, PHOTO_FORMATS } from '../../contract/therapist-photo-paths';
import type { AppContext } from '../app-context';
import { therapist } from '../db/schema';
import { HttpProblem } from '../http/problem';
import { isSafeKey } from './media-storage';
import { photoKey } from './photo-files';
import { portraitSvg } from './portrait';

// GET /media/therapists/<id>/<version>-<size>.<avif|webp|jpg>: an uploaded photo's copies, public
// and cached for good (a new photo has a new version, so a new name). GET .../portrait.svg: the
// drawn portrait of a therapist without one, drawn again on each ask (it is small and quick).
//
// Every other path under /media, whatever its shape (no file, more segments, dot segments, a name
// too long to be one of ours, another method), is a miss like an unknown photo, answered with the
// same problem+json 404 by this folder's own not-found handler: it never falls through to the web
// app, which would answer a path without a file extension with its HTML page (decision 0068).

const IMMUTABLE = 'public, max-age=31536000, immutable';
const A_DAY = 'public, max-age=86400';
const NOT_FOUND = 'No such photo: it may have been replaced by a newer one.';

const binary = z
  .instanceof(Buffer)
  .meta({ type: 'string', format: 'binary', description: 'The image' });

const mediaFiles =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.setNotFoundHandler(() => {
      throw new HttpProblem(404, NOT_FOUND);
    });
    app.get(
      '/therapists/:id/:file',
      {
        schema: {
          tags: ['media'],
          summary: "A therapist's photo in one size and format, or their drawn portrait",
          description:
            'Names come from photoUrl in the professionals, availability and booking answers. ' +
            'Photos are immutable (their name changes with the photo); unknown names answer 404.',
          params: mediaFileParams,
          response: {
            200: {
              description: 'The image',
              content: Object.fromEntries(
                [...PHOTO_FORMATS.map((f) => f.type), 'image/svg+xml'].map((type) => [
                  type,
                  { schema: binary },
                ]),
              ),
            },
            ...problemResponses(400, 404),
          },
        },
      },
      async (request, reply) => {
        const { id, file } = request.params;
        const wanted = parseMediaFile(file);
        if (!wanted) throw new HttpProblem(404, NOT_FOUND);
        if (wanted.kind === 'portrait') {
          const [row] = await ctx.db
            .select({ one: sql<number>`1` })
            .from(therapist)
            .where(eq(therapist.id, id));
          if (!row) throw new HttpProblem(404, `No therapist with id ${id}.`);
          return reply
            .header('content-type', 'image/svg+xml; charset=utf-8')
            .header('cache-control', A_DAY)
            .send(Buffer.from(portraitSvg(id)));
        }
        const key = photoKey(id, wanted.version, wanted.size, wanted.ext);
        // An id the storage could never hold ("." or "..", say) is a miss, not a broken request.
        if (!isSafeKey(key)) throw new HttpProblem(404, NOT_FOUND);
        const bytes = await ctx.media.get(key);
        if (!bytes) throw new HttpProblem(404, NOT_FOUND);
        const type = PHOTO_FORMATS.find((f) => f.ext === wanted.ext)?.type ?? 'image/jpeg';
        return reply.header('content-type', type).header('cache-control', IMMUTABLE).send(bytes);
      },
    );
  };

export const mediaRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(mediaFiles(ctx), { prefix: '/media' });
  };
