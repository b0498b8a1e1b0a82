import type { TipView } from '../../../contract/tip-view';

/** What the tip section and its panel need of a past appointment. */
export interface TippableBooking {
  id: string;
  status: string;
  endsAt: string;
  totalPricePence: number;
  therapist: { name: string };
  tip: TipView | null;
}
