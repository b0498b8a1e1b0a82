import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accessNotesBody,
  bookingMediaSchema,
  bookingPhotoParams,
  PHOTO_UPLOAD_MAX_BYTES,
  photoUploadAnswer,
} from '../../contract/booking-media';
import { bookingParams } from '../../contract/booking';
import { problemResponses } from '../../contract/problem';
import type { AppContext } from '../app-context';
import { customerGuard } from '../auth/customer-guard';
import { badRequest, HttpProblem } from '../http/problem';
import { addBookingPhoto } from './add-booking-photo';
import { readBookingPhoto } from './read-booking-photo';
import { tooLarge } from './process-booking-photo';
import { removeBookingPhoto } from './remove-booking-photo';
import { setAccessNotes } from './set-access-notes';

// Notes and photos for the therapist, for the booking's customer (docs/decisions/0093). Writes
// are cookie-authenticated, so http/csrf.ts's Origin check covers them like every /api write.

const tags = ['bookings'];
const UNTIL_START =
  'Held or confirmed bookings only, until their start: 409 after it, or for a booking cancelled or over.';
/** A multipart body's boundaries and headers on top of the photo itself. */
const ENVELOPE_BYTES = 64 * 1024;

const image = z.instanceof(Buffer).meta({ type: 'string', format: 'binary', description: 'JPEG' });

/** The one file part, field "photo", read whole but never past the limit (413 there). */
async function readPhoto(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new HttpProblem(415, 'Send the photo as multipart/form-data, in a field named photo.');
  }
  const length = Number(request.headers['content-length']);
  if (length > PHOTO_UPLOAD_MAX_BYTES + ENVELOPE_BYTES) throw tooLarge();
  try {
    const part = await request.file({
      limits: { fileSize: PHOTO_UPLOAD_MAX_BYTES, files: 1, fields: 0, parts: 2, fieldSize: 1024 },
    });
    if (!part || part.fieldname !== 'photo') throw noPhoto();
    return await part.toBuffer();
  } catch (error) {
    if (error instanceof HttpProblem) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    // Another field, a second file, too many parts: one photo is all this takes.
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw badRequest('Send one photo, in a field named photo, and nothing else.');
    // A body cut short or not multipart after all (busboy's words are not the customer's).
    throw badRequest('The upload could not be read; please send the photo again.');
  }
}

const noPhoto = () =>
  badRequest('Send the photo in a field named photo.', [
    { field: 'photo', message: 'Choose a photo' },
  ]);

export const bookingMediaRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Registered without fastify-plugin: the multipart parser serves these routes only.
    await app.register(multipart, { throwFileSizeLimit: true });
    const guard = customerGuard(ctx);
    app.addHook('preValidation', guard.hook);
    const customerId = (request: FastifyRequest) => guard.customerOf(request).id;

    app.put(
      '/api/bookings/:id/notes',
      {
        schema: {
          tags,
          summary: 'Set the notes for the therapist (parking, door code, stairs, pets)',
          description: `Replaces them whole; an empty string removes them. ${UNTIL_START}`,
          params: bookingParams,
          body: accessNotesBody,
          response: { 200: bookingMediaSchema, ...problemResponses(400, 401, 404, 409) },
        },
      },
      async (request) =>
        setAccessNotes(
          ctx.db,
          request.params.id,
          customerId(request),
          request.body.accessNotes,
          ctx.now(),
        ),
    );

    app.post(
      '/api/bookings/:id/photos',
      {
        schema: {
          tags,
          summary: 'Add a photo for the therapist (5 at most)',
          description:
            'multipart/form-data with the image in a field named photo: JPEG, PNG, WebP or HEIC, ' +
            `${PHOTO_UPLOAD_MAX_BYTES / 1024 / 1024} MB at most (413 above), the type read from ` +
            'its content (415 for any other). It is turned upright, made at most 2048 px on its ' +
            'longer side and kept as a JPEG without metadata (no EXIF, no location). A sixth ' +
            `photo is a 409. ${UNTIL_START}`,
          consumes: ['multipart/form-data'],
          params: bookingParams,
          response: {
            201: photoUploadAnswer,
            ...problemResponses(400, 401, 404, 409, 413, 415, 422),
          },
        },
      },
      async (request, reply) => {
        const answer = await addBookingPhoto(
          ctx,
          request.params.id,
          customerId(request),
          () => readPhoto(request),
          request.log,
        );
        return reply.status(201).send(answer);
      },
    );

    app.get(
      '/api/bookings/:id/photos/:photoId',
      {
        schema: {
          tags,
          summary: 'One of the photos for the therapist, as it was kept (JPEG)',
          description: 'Private to the customer: never stored by a browser or a shared cache.',
          params: bookingPhotoParams,
          response: {
            200: { description: 'The image', content: { 'image/jpeg': { schema: image } } },
            ...problemResponses(400, 401, 404),
          },
        },
      },
      async (request, reply) => {
        const { id, photoId } = request.params;
        const photo = await readBookingPhoto(ctx, photoId, {
          bookingId: id,
          customerId: customerId(request),
        });
        return reply
          .header('content-type', photo.contentType)
          .header('cache-control', 'private, no-store')
          .send(photo.bytes);
      },
    );

    app.delete(
      '/api/bookings/:id/photos/:photoId',
      {
        schema: {
          tags,
          summary: 'Remove a photo: deleted from the storage at once',
          description: 'Allowed at any time, after the appointment too.',
          params: bookingPhotoParams,
          response: { 200: bookingMediaSchema, ...problemResponses(400, 401, 404) },
        },
      },
      async (request) =>
        removeBookingPhoto(
          ctx,
          request.params.id,
          customerId(request),
          request.params.photoId,
          request.log,
        ),
    );
  };
