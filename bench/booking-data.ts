import { DAY_MS } from '../src/domain/constants';
import { importCatalogue } from '../src/server/catalogue/import-catalogue';
import type { CatalogueDocumentInput } from '../src/contract/catalogue-document';
import type { DatabaseKind } from '../src/server/db/client';
import { prepareThrowawayDatabase } from './bench-server';

// The booking benchmark's world: enough therapists and availability that every booking in a run
// takes a slot nobody else wants, so the figures measure holding and paying, not contention (the
// race tests cover contention). Loaded through the real catalogue importer.

export const BENCH_CITY = 'benchton';
export const BENCH_TREATMENT = 'bench-massage-60';
const THERAPISTS = 500;
const DAYS = 14;
const WINDOW_START_HOUR_UTC = 8;
const BOOKING_MINUTES = 75;
/**
 * Every customer is at EH1 1AA, and a journey inside one district comes to 30 minutes by car
 * (docs/decisions/0077): a therapist's bookings start 75 + 30 minutes apart, or the hold would
 * refuse them as unreachable. 08:00–20:00 UTC holds 7 of them a day.
 */
const SLOT_SPACING_MINUTES = BOOKING_MINUTES + 30;
const SLOTS_PER_DAY = 7;

export interface BookingBenchData {
  document: CatalogueDocumentInput;
  /** Every bookable (therapist, start), spread so consecutive bookings hit different therapists. */
  slots: { therapistId: string; startsAt: string }[];
  counts: { therapists: number; availabilityWindows: number; slots: number; firstDay: string };
}

const therapistId = (i: number) => `bench-t-${String(i).padStart(4, '0')}`;

/** Days start tomorrow (UTC) so every slot is past the booking notice. */
export function bookingBenchData(now: number): BookingBenchData {
  const firstDay = Math.floor(now / DAY_MS) * DAY_MS + DAY_MS;
  const windows = Array.from({ length: DAYS }, (_, d) => {
    const start = firstDay + d * DAY_MS + WINDOW_START_HOUR_UTC * 3_600_000;
    return {
      start: new Date(start).toISOString(),
      end: new Date(start + 12 * 3_600_000).toISOString(),
    };
  });
  const therapists = Array.from({ length: THERAPISTS }, (_, i) => ({
    id: therapistId(i),
    username: `bench-${i}`,
    name: `Bench Therapist ${i}`,
    active: true,
    business: true,
    paymentsConnected: true,
    paymentAccountId: `acct_bench_${i}`,
    area: BENCH_CITY,
    genders: ['female', 'male', 'non-binary'] as ('female' | 'male' | 'non-binary')[],
    minimumSpendPence: null,
    serviceIds: [BENCH_TREATMENT],
    availability: windows,
  }));
  const slots: BookingBenchData['slots'] = [];
  for (let d = 0; d < DAYS; d++) {
    for (let s = 0; s < SLOTS_PER_DAY; s++) {
      const start =
        firstDay +
        d * DAY_MS +
        WINDOW_START_HOUR_UTC * 3_600_000 +
        s * SLOT_SPACING_MINUTES * 60_000;
      for (let t = 0; t < THERAPISTS; t++) {
        slots.push({ therapistId: therapistId(t), startsAt: new Date(start).toISOString() });
      }
    }
  }
  return {
    document: {
      cities: [{ slug: BENCH_CITY, name: 'Benchton' }],
      treatments: [
        {
          id: BENCH_TREATMENT,
          name: 'Massage (60 min)',
          category: 'Massage',
          pricePence: 4500,
          durationMinutes: 60,
          order: 1,
          addOn: false,
          addOnIds: [],
        },
      ],
      therapists,
    },
    slots,
    counts: {
      therapists: THERAPISTS,
      availabilityWindows: THERAPISTS * DAYS,
      slots: slots.length,
      firstDay: new Date(firstDay).toISOString().slice(0, 10),
    },
  };
}

/** A throw-away database (bench_booking_<time> on BENCH_DATABASE_URL, or a PGlite folder), loaded. */
export function prepareBookingDatabase(kind: DatabaseKind, data: BookingBenchData) {
  return prepareThrowawayDatabase(
    kind,
    kind === 'pglite' ? 'bench-booking' : 'bench_booking',
    async (db) => {
      const imported = await importCatalogue(db, data.document);
      if (!imported.ok)
        throw new Error(`bench catalogue rejected: ${imported.problems[0]?.message}`);
    },
  );
}
