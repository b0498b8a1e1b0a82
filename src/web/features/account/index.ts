// The account pages' public surface: the booking screens reuse the address form and the saved
// addresses, and the routes under /account compose the rest. Nothing else is reached from outside.
export { AddressForm } from './address-form';
export {
  useAddresses,
  useAppointments,
  useDeleteAddress,
  useMakeDefaultAddress,
  useWallet,
} from './api';
export { AppointmentCard } from './appointment-card';
export { AppointmentProgress } from './appointment-progress';
export { BookingNotes } from './booking-notes';
export { groupAppointments } from './appointment-groups';
export { ChangePasswordForm } from './change-password-form';
export { DeleteAccount } from './delete-account';
export { LinkedAccounts, useLinkedAccounts } from './linked-accounts';
export { ProfileForm } from './profile-form';
export { SavedCards } from './saved-cards';
export type { Booking, Me, SavedAddress, SavedCard } from './types';
