import type { BookingView } from '../../../contract/booking';
import type {
  Appointments,
  PaymentArrangement,
  ProfileView,
  SavedAddress,
  SavedCard,
  Wallet,
  WalletEntry,
} from '../../../contract/me';

// Shapes of the /api/me family: the server's own schemas (src/contract/me.ts), so a field renamed
// on one side fails the other's build.

export type { Appointments, PaymentArrangement, SavedAddress, SavedCard, Wallet, WalletEntry };

export type Me = ProfileView;

export type Booking = BookingView;
