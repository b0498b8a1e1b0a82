import type { BookingView } from '../contract/booking';

// One booking as its customer sees it (src/contract/booking.ts), for tests of what is made from
// it: the customer's emails. 10:00 UK time on Tuesday 1 December 2026, £65.00 of which £15.00
// was wallet credit and £50.00 paid by Visa ending 4242.

export function bookingView(over: Partial<BookingView> = {}): BookingView {
  return {
    id: 'b1',
    reference: 'K7M2QX9D',
    status: 'confirmed',
    city: 'edinburgh',
    therapist: { id: 't1', name: 'Morag Reid', username: 'morag', photoUrl: null },
    startsAt: '2026-12-01T10:00:00.000Z',
    endsAt: '2026-12-01T11:00:00.000Z',
    items: [
      {
        treatmentId: 'swedish-massage-60',
        name: 'Swedish Massage (60 min)',
        pricePence: 6500,
        durationMinutes: 60,
        isAddOn: false,
      },
    ],
    totalPricePence: 6500,
    totalDurationMinutes: 60,
    creditAppliedPence: 1500,
    referralDiscountPence: 0,
    amountDuePence: 5000,
    refundedPence: 2500,
    address: {
      label: null,
      line1: '1 Test Street',
      line2: null,
      town: 'Edinburgh',
      postcode: 'EH1 1AA',
      instructions: null,
    },
    holdExpiresAt: null,
    payment: { method: 'card', status: 'succeeded', cardBrand: 'visa', cardLast4: '4242' },
    cancellation: {
      allowed: true,
      refundPence: 6500,
      refundPercent: 100,
      cardRefundPence: 5000,
      walletRefundPence: 1500,
    },
    canReschedule: true,
    terms: null,
    progress: null,
    review: null,
    tip: null,
    accessNotes: null,
    photos: [],
    ...over,
  };
}
