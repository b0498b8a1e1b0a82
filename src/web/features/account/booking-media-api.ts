import { useQueryClient } from '@tanstack/react-query';
import {
  bookingMediaSchema,
  photoUploadAnswer,
  type BookingMedia,
} from '../../../contract/booking-media';
import { apiRequest } from '../../lib/api';
import { accountKeys, bookingKey } from '../../lib/query-keys';

// Notes and photos for the therapist (docs/decisions/0093): each call answers the booking's notes
// and photos as they now stand; the booking's caches are refreshed after it.

const base = (bookingId: string) => `/api/bookings/${encodeURIComponent(bookingId)}`;

export const saveAccessNotes = (bookingId: string, accessNotes: string) =>
  apiRequest(`${base(bookingId)}/notes`, {
    method: 'PUT',
    body: { accessNotes },
    schema: bookingMediaSchema,
  });

export function uploadPhoto(bookingId: string, file: File) {
  const form = new FormData();
  form.append('photo', file, file.name);
  return apiRequest(`${base(bookingId)}/photos`, {
    method: 'POST',
    body: form,
    schema: photoUploadAnswer,
  });
}

export const removePhoto = (bookingId: string, photoId: string) =>
  apiRequest(`${base(bookingId)}/photos/${encodeURIComponent(photoId)}`, {
    method: 'DELETE',
    schema: bookingMediaSchema,
  });

/** After a change: the booking and the appointments list read it again. */
export function useRefreshBooking(bookingId: string) {
  const client = useQueryClient();
  return (media: BookingMedia) => {
    client.setQueryData(bookingKey(bookingId), (old: unknown) =>
      old && typeof old === 'object' ? { ...old, ...media } : old,
    );
    void client.invalidateQueries({ queryKey: accountKeys.appointments });
  };
}
