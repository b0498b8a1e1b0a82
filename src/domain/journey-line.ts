import { formatUkTime } from './format';
import type { TravelMode } from './travel-types';

// How a therapist is told of the journey to a booking, in their calendar feed
// (docs/decisions/0077).

const MODE_WORDS: Record<TravelMode, string> = {
  car: 'by car',
  public_transport: 'by public transport',
  bicycle: 'by bike',
  walking: 'on foot',
};

export interface JourneyFacts {
  from: 'home' | 'previous_booking';
  minutes: number;
  mode: TravelMode;
  /** ISO instant. */
  leaveBy: string;
}

/** "Leave by 10:20, about 25 min by car from your previous appointment." */
export function journeyLine(journey: JourneyFacts, timeZone: string): string {
  const from = journey.from === 'home' ? 'from home' : 'from your previous appointment';
  const leave = formatUkTime(Date.parse(journey.leaveBy), timeZone);
  return `Leave by ${leave}, about ${journey.minutes} min ${MODE_WORDS[journey.mode]} ${from}.`;
}
