import type { BookingView } from '../../../domain/booking-view';
import type { AccountType, Gender } from '../../../domain/types';

// Shapes of the /api/me family as the server sends them.

export type PaymentArrangement = 'card' | 'invoice';

export interface Me {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  phoneNumber: string | null;
  gender: Gender | null;
  accountType: AccountType;
  businessPayment: { arrangement: PaymentArrangement } | null;
  walletBalancePence: number;
}

export interface SavedAddress {
  id: string;
  label: string | null;
  line1: string;
  line2: string | null;
  town: string;
  postcode: string;
  instructions: string | null;
  isDefault: boolean;
}

export interface WalletEntry {
  id: string;
  kind: string;
  amountPence: number;
  description: string;
  createdAt: string;
}

export interface Wallet {
  balancePence: number;
  entries: WalletEntry[];
}

export interface SavedCard {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** The server's booking view, shared through the domain so the two cannot drift apart. */
export type Booking = BookingView;

export interface Appointments {
  upcoming: Booking[];
  past: Booking[];
}
