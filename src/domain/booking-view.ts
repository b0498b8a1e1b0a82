// What the API answers about a booking and about who is free: plain data that the server builds
// and the web reads. The web may not import the server, so the one shape lives here and both
// sides compile against it; renaming a field on one side breaks the other's build, not a page.

export interface AddressSnapshot {
  label: string | null;
  line1: string;
  line2: string | null;
  town: string;
  postcode: string;
  instructions: string | null;
}

/** GET /api/bookings/:id, and each entry of /api/me/appointments. */
export interface BookingView {
  id: string;
  /** held, requires_action, confirmed, completed, cancelled, expired, failed. */
  status: string;
  city: string;
  therapist: { id: string; name: string; username: string; photoUrl: string | null };
  startsAt: string;
  /** When the treatments end (the 15-minute travel buffer is not the customer's time). */
  endsAt: string;
  items: {
    treatmentId: string;
    name: string;
    pricePence: number;
    durationMinutes: number;
    isAddOn: boolean;
  }[];
  totalPricePence: number;
  totalDurationMinutes: number;
  creditAppliedPence: number;
  amountDuePence: number;
  refundedPence: number;
  address: AddressSnapshot | null;
  holdExpiresAt: string | null;
  payment: {
    method: string;
    cardBrand: string | null;
    cardLast4: string | null;
    status: string;
  } | null;
  cancellation: {
    allowed: boolean;
    refundPence: number;
    refundPercent: number;
    cardRefundPence: number;
    walletRefundPence: number;
  };
  canReschedule: boolean;
}

/** One therapist in GET /api/cities/:city/therapists. */
export interface AvailableTherapist {
  id: string;
  username: string;
  name: string;
  photoUrl: string | null;
  totalPricePence: number;
  totalDurationMinutes: number;
  meetsMinimumSpend: boolean;
  minimumSpendPence: number;
  shortfallPence: number;
  /** Free start times, ISO instants. */
  slots: string[];
}
