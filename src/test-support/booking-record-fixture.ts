import type { BookingRecord } from '../contract/booking-records';

// One booking as the company sees it (src/contract/booking-records.ts), for unit tests of what is
// made from it: emails, calendar files, feeds. 10:00 to 11:15 UK summer time, then 15 minutes'
// travel.

export function bookingRecord(over: Partial<BookingRecord> = {}): BookingRecord {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    reference: 'K7M2QX9D',
    status: 'confirmed',
    city: 'edinburgh',
    therapist: { id: 't-anna', name: 'Anna Smith' },
    customer: {
      id: 'u-1',
      name: '  Ada  Lovelace ',
      phone: '+447700900123',
      email: 'ada@example.com',
    },
    address: {
      label: null,
      line1: '1 Test Street',
      line2: 'Flat 2',
      town: 'Edinburgh',
      postcode: 'EH1 1AA',
      instructions: 'Blue door',
    },
    startsAt: '2026-07-01T09:00:00.000Z',
    endsAt: '2026-07-01T10:15:00.000Z',
    endsWithBufferAt: '2026-07-01T10:30:00.000Z',
    items: [
      { treatmentId: 'm', name: 'Massage', pricePence: 3000, durationMinutes: 60, isAddOn: false },
      {
        treatmentId: 's',
        name: 'Hot Stones',
        pricePence: 1000,
        durationMinutes: 15,
        isAddOn: true,
      },
    ],
    amounts: {
      totalPence: 4000,
      cardPence: 4000,
      invoicePence: 0,
      creditPence: 0,
      referralDiscountPence: 0,
      refundedPence: 0,
    },
    cancellation: null,
    createdAt: '2026-06-20T09:00:00.000Z',
    updatedAt: '2026-06-20T09:00:00.000Z',
    history: [],
    ...over,
  };
}
