import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useBookingStore } from './booking-store';
import { redirectFor, type BookingStep } from './selection-state';

/**
 * Renders the step only when the earlier choices are made; otherwise sends the customer to the
 * first step still missing (a bookmarked or shared later step, or a selection cleared elsewhere).
 */
export function StepGuard({
  city,
  step,
  children,
}: {
  city: string;
  step: BookingStep;
  children: ReactNode;
}) {
  // A string or null: the guard re-renders only when where it sends the customer changes.
  const to = useBookingStore((state) => redirectFor(state, city, step));
  if (to) return <Navigate to={`/${city}/${to}`} replace />;
  return <>{children}</>;
}
