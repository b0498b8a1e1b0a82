import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { availableDatesQuery } from './api';
import { useCitySelection } from './booking-store';
import { placeProblem } from './travel-words';

/**
 * Asks the server about a postcode before it becomes the booking's place: the free days for the
 * basket there, under the key the date step reads, so a postcode that passes costs the next step
 * nothing. Answers the refusal's words, or null: with no basket yet there is nothing to ask (the
 * date step asks), and any other failure is left to the step that shows it.
 */
export function usePlaceCheck(city: string): (postcode: string) => Promise<string | null> {
  const client = useQueryClient();
  const { selectedTreatments } = useCitySelection(city);
  return useCallback(
    async (postcode) => {
      if (selectedTreatments.length === 0) return null;
      try {
        await client.fetchQuery(availableDatesQuery(city, selectedTreatments, { postcode }));
        return null;
      } catch (error) {
        return placeProblem(error);
      }
    },
    [client, city, selectedTreatments],
  );
}
