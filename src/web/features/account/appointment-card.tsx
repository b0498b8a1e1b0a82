import type { ReactNode } from 'react';
import { UK_TIME_ZONE } from '../../../domain/constants';
import { cardLabel } from '../../../domain/card';
import { formatLongDateOfInstant, formatPence, formatUkTime } from '../../../domain/format';
import { CalendarIcon, ClockIcon, MapPinIcon } from '../../components/icons';
import { TherapistPhoto } from '../../components/therapist-photo';
import { ReviewSummary } from '../reviews';
import { AppointmentProgress } from './appointment-progress';
import { BookingNotes } from './booking-notes';
import type { Booking } from './types';

// One appointment with its details. Kept on its own so the booking screens can add actions
// (cancel, reschedule) through the `actions` slot without reworking the layout.

const STATUS: Record<string, { label: string; className: string }> = {
  held: { label: 'Awaiting payment', className: 'bg-amber-50 text-amber-800' },
  requires_action: { label: 'Awaiting card check', className: 'bg-amber-50 text-amber-800' },
  confirmed: { label: 'Confirmed', className: 'bg-emerald-50 text-emerald-800' },
  completed: { label: 'Completed', className: 'bg-sky-50 text-sky-800' },
  cancelled: { label: 'Cancelled', className: 'bg-gray-100 text-gray-700' },
  expired: { label: 'Not completed', className: 'bg-gray-100 text-gray-700' },
  failed: { label: 'Payment failed', className: 'bg-red-50 text-red-800' },
};

export function statusLabel(status: string): string {
  return STATUS[status]?.label ?? status;
}

function Row({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <div className="flex gap-2.5 text-sm text-ink">
      <span className="mt-0.5 h-4 w-4 shrink-0 text-brand-700 [&>svg]:h-4 [&>svg]:w-4">{icon}</span>
      <div className="min-w-0">{children}</div>
    </div>
  );
}

interface AppointmentCardProps {
  booking: Booking;
  /** Buttons for what the customer may do with it (cancel, reschedule, add to calendar). */
  actions?: ReactNode;
  headingLevel?: 3 | 4;
}

export function AppointmentCard({ booking, actions, headingLevel = 3 }: AppointmentCardProps) {
  const starts = Date.parse(booking.startsAt);
  const ends = Date.parse(booking.endsAt);
  const status = STATUS[booking.status];
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const names = booking.items.map((i) => i.name).join(', ');

  return (
    <article className="rounded-2xl border border-brand-100 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex items-start gap-4">
        <TherapistPhoto
          photoUrl={booking.therapist.photoUrl}
          alt=""
          pixels={56}
          className="h-14 w-14"
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Heading className="font-semibold text-ink">{names}</Heading>
            <span
              className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${status?.className ?? 'bg-gray-100 text-gray-700'}`}
            >
              {statusLabel(booking.status)}
            </span>
          </div>
          <p className="mt-0.5 text-sm text-muted">with {booking.therapist.name}</p>
          {booking.reference && (
            <p className="mt-0.5 text-sm text-muted">
              Reference{' '}
              <span className="font-mono font-semibold tracking-wider text-ink">
                {booking.reference}
              </span>
            </p>
          )}
        </div>
      </div>

      <div className="mt-4 grid gap-2 sm:grid-cols-2">
        <Row icon={<CalendarIcon />}>{formatLongDateOfInstant(starts, UK_TIME_ZONE)}</Row>
        <Row icon={<ClockIcon />}>
          {formatUkTime(starts, UK_TIME_ZONE)} to {formatUkTime(ends, UK_TIME_ZONE)}
        </Row>
        {booking.address && (
          <Row icon={<MapPinIcon />}>
            {[booking.address.line1, booking.address.line2, booking.address.town]
              .filter(Boolean)
              .join(', ')}{' '}
            {booking.address.postcode}
          </Row>
        )}
      </div>

      <AppointmentProgress
        booking={booking}
        headingLevel={headingLevel === 3 ? 4 : 5}
        className="mt-4"
      />

      <details className="group mt-4 rounded-xl bg-blush px-4 py-3">
        <summary className="cursor-pointer text-sm font-semibold text-brand-800">
          Treatments and price
        </summary>
        <ul className="mt-3 space-y-1.5 text-sm">
          {booking.items.map((item, index) => (
            <li key={`${item.name}-${index}`} className="flex justify-between gap-4">
              <span>
                {item.name} <span className="text-muted">· {item.durationMinutes} min</span>
              </span>
              <span className="tabular-nums">{formatPence(item.pricePence)}</span>
            </li>
          ))}
        </ul>
        <dl className="mt-3 space-y-1 border-t border-brand-100 pt-3 text-sm">
          <div className="flex justify-between gap-4">
            <dt>Total</dt>
            <dd className="tabular-nums">{formatPence(booking.totalPricePence)}</dd>
          </div>
          {booking.creditAppliedPence > 0 && (
            <div className="flex justify-between gap-4">
              <dt>Credit used</dt>
              <dd className="tabular-nums">-{formatPence(booking.creditAppliedPence)}</dd>
            </div>
          )}
          <div className="flex justify-between gap-4 font-semibold">
            <dt>Paid</dt>
            <dd className="tabular-nums">{formatPence(booking.amountDuePence)}</dd>
          </div>
          {booking.payment?.cardLast4 && (
            <div className="flex justify-between gap-4">
              <dt>Card</dt>
              <dd>{cardLabel(booking.payment.cardBrand, booking.payment.cardLast4)}</dd>
            </div>
          )}
          {booking.refundedPence > 0 && (
            <div className="flex justify-between gap-4 text-emerald-800">
              <dt>Refunded</dt>
              <dd className="tabular-nums">{formatPence(booking.refundedPence)}</dd>
            </div>
          )}
        </dl>
      </details>

      <BookingNotes booking={booking} headingLevel={headingLevel === 3 ? 4 : 5} />

      <ReviewSummary booking={booking} />

      {actions && <div className="mt-4 flex flex-wrap gap-2">{actions}</div>}
    </article>
  );
}
