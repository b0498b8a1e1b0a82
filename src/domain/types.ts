export type Gender = 'female' | 'male' | 'non-binary';

export type AccountType = 'personal' | 'business';

/** Epoch milliseconds, half-open: [start, end). */
export interface Interval {
  start: number;
  end: number;
}

export interface CatalogueTreatment {
  id: string;
  pricePence: number;
  durationMinutes: number;
  isAddOn: boolean;
  /** Add-ons this (parent) treatment offers. */
  addOnIds: string[];
}

export interface CustomerProfile {
  accountType: AccountType;
  gender: Gender | null;
  id: string;
}

export interface TherapistForRules {
  id: string;
  active: boolean;
  paymentsConnected: boolean;
  businessEnabled: boolean;
  area: string;
  acceptedGenders: Gender[];
  serviceIds: string[];
  minimumSpendPence: number | null;
  /** End of the therapist's latest availability window (epoch ms), or null when they never set any. */
  latestAvailabilityEnd: number | null;
}
