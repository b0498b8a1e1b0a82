// Where a booking's photos are kept in the storage. The key names the booking and the photo by
// their random ids only: nothing in it says who the customer is.

export const bookingPhotoKey = (bookingId: string, photoId: string) =>
  `bookings/${bookingId}/${photoId}.jpg`;

/** What the customer's view links to: read with their session (booking-media-routes.ts). */
export const customerPhotoUrl = (bookingId: string, photoId: string) =>
  `/api/bookings/${bookingId}/photos/${photoId}`;
