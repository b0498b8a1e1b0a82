// A deleted customer's row stays (bookings and payments point at it and must be kept), with every
// personal detail replaced. The reserved .invalid domain can never receive mail or be signed up.
export const DELETED_DOMAIN = '@deleted.invalid';

export const deletedEmail = (userId: string) => `deleted-${userId}${DELETED_DOMAIN}`;
export const isDeletedEmail = (email: string) => email.endsWith(DELETED_DOMAIN);
