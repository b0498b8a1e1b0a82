import { z } from 'zod';
import { isPlainText, PLAIN_TEXT_MESSAGE } from '../domain/text-lines';
import { isoInstant } from './common';

// Notes and photos for the therapist (docs/decisions/0093): PUT /api/bookings/:id/notes,
// POST /api/bookings/:id/photos and GET or DELETE /api/bookings/:id/photos/:photoId, what the
// customer's booking view carries of them, and the signed links the therapist gets.

export const ACCESS_NOTES_MAX = 1000;
export const PHOTOS_MAX = 5;
export const PHOTO_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** What the photo picker offers; the server reads the type from the bytes, not from this. */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif';

export const accessNotesBody = z.strictObject({
  accessNotes: z
    .string()
    .trim()
    .max(ACCESS_NOTES_MAX, `keep it to ${ACCESS_NOTES_MAX.toLocaleString('en-GB')} characters`)
    .refine(isPlainText, PLAIN_TEXT_MESSAGE)
    .describe('Parking, door code, stairs, pets… Empty: no notes (the notes are removed)'),
});

/** A photo as its customer sees it: the URL is the booking's own, read with their session. */
export const bookingPhotoSchema = z.object({
  id: z.uuid(),
  url: z
    .string()
    .describe('GET it with the signed-in session: /api/bookings/{id}/photos/{photoId}'),
});

/** What the booking view carries, and what PUT notes, POST and DELETE a photo answer. */
export const bookingMediaSchema = z.object({
  accessNotes: z.string().nullable().describe('Null when there are none'),
  photos: z.array(bookingPhotoSchema).describe(`Oldest first; ${PHOTOS_MAX} at most`),
});

export const photoUploadAnswer = bookingMediaSchema.extend({
  id: z.uuid().describe('The new photo'),
});

export const bookingPhotoParams = z.object({
  id: z.uuid({ message: 'must be a booking id' }),
  photoId: z.uuid({ message: 'must be a photo id' }),
});

/** A therapist's link to a photo: anyone holding it may read the photo until expiresAt. */
export const signedPhotoLinkSchema = z.object({
  id: z.uuid(),
  url: z.string().describe('Absolute; signed, and refused after expiresAt'),
  expiresAt: isoInstant,
});

export const signedPhotoParams = z.object({ photoId: z.uuid({ message: 'must be a photo id' }) });
export const signedPhotoQuery = z.object({
  expires: z.string().regex(/^\d{1,12}$/, 'must be the expiry in the link'),
  signature: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be the signature in the link'),
});

export type BookingMedia = z.infer<typeof bookingMediaSchema>;
export type BookingPhoto = z.infer<typeof bookingPhotoSchema>;
export type PhotoUploadAnswer = z.infer<typeof photoUploadAnswer>;
export type SignedPhotoLink = z.infer<typeof signedPhotoLinkSchema>;
