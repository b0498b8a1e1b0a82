import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { UK_TIME_ZONE } from '../../../domain/constants';
import { ukDateOf } from '../../../domain/uk-time';
import { useBookingStore } from './booking-store';
import type { SelectedTherapist } from './selection-state';

/** A booking held for the customer elsewhere (a waitlist offer, decision 0089), to pay for. */
export interface HeldElsewhere {
  bookingId: string;
  city: string;
  treatmentIds: string[];
  startsAt: string;
  therapist: SelectedTherapist;
}

/**
 * Puts a held booking in the selection and opens its checkout, which resumes a stored hold (or
 * lets it go when it is over) as it does after a reload.
 */
export function useResumeHeldBooking(): (held: HeldElsewhere) => void {
  const navigate = useNavigate();
  return useCallback(
    (held) => {
      useBookingStore.setState({
        selectedLocation: held.city,
        selectedTreatments: held.treatmentIds,
        selectedDate: ukDateOf(Date.parse(held.startsAt), UK_TIME_ZONE),
        selectedTherapist: held.therapist,
        preferredTherapist: null,
        selectedTime: held.startsAt,
        heldBookingId: held.bookingId,
        place: null,
      });
      void navigate(`/${held.city}/confirm-booking`);
    },
    [navigate],
  );
}
