import { describe, expect, it } from 'vitest';
import { isUkPostcode, postcodeDistrict } from '../src/domain/account-forms';
import { BOOKING_BUFFER_MINUTES, MINUTE_MS } from '../src/domain/constants';
import { TRAVEL_MODES } from '../src/domain/travel-types';
import { localMinuteOfDay } from '../src/domain/uk-time';
import {
  generateScaleData,
  offerShares,
  scaleCatalogueDocument,
  type ScaleBooking,
} from './scale-data';
import { SCALE_TREATMENT_BY_ID } from './scale-treatments';
import { districtsOf, type BenchCity } from './city-districts';

const options = { seed: 42, firstDate: '2026-03-20' }; // spans the clocks going forward (29 March)
const data = generateScaleData(options);
const describeBooking = (b: ScaleBooking) =>
  `${b.therapistId} ${new Date(b.startsAt).toISOString()}–${new Date(b.blockedUntil).toISOString()}`;

describe('the scale data set', () => {
  it('has 1,000 therapists, 500 per city, and 20,000 bookings', () => {
    expect(data.therapists).toHaveLength(1000);
    expect(data.therapists.filter((t) => t.area === 'edinburgh')).toHaveLength(500);
    expect(data.therapists.filter((t) => t.area === 'newcastle')).toHaveLength(500);
    expect(data.bookings).toHaveLength(20_000);
    expect(new Set(data.therapists.map((t) => t.id)).size).toBe(1000);
  });

  it('keeps a few therapists hidden and a treatment offered by a fifth or so of a city', () => {
    const hidden = data.therapists.filter((t) => !t.active || !t.paymentsConnected).length;
    expect(hidden).toBeGreaterThan(10);
    expect(hidden).toBeLessThan(60);
    for (const share of offerShares(data).values()) {
      expect(share).toBeGreaterThan(0.1);
      expect(share).toBeLessThan(0.35);
    }
  });

  it('books each therapist at most once at a time, buffer included', () => {
    const byTherapist = new Map<string, ScaleBooking[]>();
    for (const b of data.bookings) {
      byTherapist.set(b.therapistId, [...(byTherapist.get(b.therapistId) ?? []), b]);
    }
    const overlaps: string[] = [];
    for (const bookings of byTherapist.values()) {
      const sorted = [...bookings].sort((a, b) => a.startsAt - b.startsAt);
      sorted.forEach((b, i) => {
        const before = sorted[i - 1];
        if (before && b.startsAt < before.blockedUntil) overlaps.push(describeBooking(b));
      });
    }
    expect(overlaps).toEqual([]);
  });

  it('places every booking inside one of its therapist’s windows, on the UK 15-minute grid', () => {
    const therapists = new Map(data.therapists.map((t) => [t.id, t]));
    // Collected, not asserted one by one: 20,000 expect() calls take seconds.
    const misplaced: string[] = [];
    for (const b of data.bookings) {
      const therapist = therapists.get(b.therapistId);
      const minutes = b.treatmentIds.reduce(
        (n, id) => n + (SCALE_TREATMENT_BY_ID.get(id)?.durationMinutes ?? 0),
        0,
      );
      const ok =
        therapist !== undefined &&
        therapist.area === b.citySlug &&
        therapist.windows.some((w) => w.start <= b.startsAt && b.blockedUntil <= w.end) &&
        localMinuteOfDay(b.startsAt, 'Europe/London') % 15 === 0 &&
        b.blockedUntil - b.startsAt === (minutes + BOOKING_BUFFER_MINUTES) * MINUTE_MS &&
        b.treatmentIds.every((id) => therapist.serviceIds.includes(id));
      if (!ok) misplaced.push(describeBooking(b));
    }
    expect(misplaced).toEqual([]);
  });

  it('gives windows in UK local time: 8-hour days that start on the hour, before and after BST', () => {
    const windows = data.therapists.flatMap((t) => t.windows);
    expect(windows.length).toBeGreaterThan(20_000);
    const eightHours = windows.filter((w) => w.end - w.start === 8 * 60 * MINUTE_MS).length;
    expect(eightHours / windows.length).toBeGreaterThan(0.7);
    const offHour = windows.filter((w) => localMinuteOfDay(w.start, 'Europe/London') % 60 !== 0);
    expect(offHour).toEqual([]);
  });

  it('is the same data for the same seed, and different for another', () => {
    // Compared as text: a deep toEqual of 50,000 records takes over a second.
    const same = JSON.stringify(generateScaleData(options)) === JSON.stringify(data);
    expect(same).toBe(true);
    const other = generateScaleData({ ...options, seed: 43 });
    expect(other.bookings[0]).not.toEqual(data.bookings[0]);
  });

  it('converts to a catalogue document with ISO windows', () => {
    const doc = scaleCatalogueDocument(data);
    expect(doc.cities?.map((c) => c.slug)).toEqual(['edinburgh', 'newcastle']);
    expect(doc.treatments?.length).toBeGreaterThanOrEqual(30);
    const first = doc.therapists?.[0];
    expect(first?.availability?.[0]?.start).toBe(
      new Date(data.therapists[0]?.windows[0]?.start ?? 0).toISOString(),
    );
  });

  it('gives every therapist a home base in their city, a travel mode, and bookings a district', () => {
    const inCity = (city: string) => districtsOf(city as BenchCity);
    const wrongHome = data.therapists.filter(
      (t) =>
        !isUkPostcode(t.homePostcode) ||
        !inCity(t.area).includes(postcodeDistrict(t.homePostcode) ?? ''),
    );
    expect(wrongHome.map((t) => t.id)).toEqual([]);
    const modes = new Map<string, number>();
    for (const t of data.therapists) modes.set(t.travelMode, (modes.get(t.travelMode) ?? 0) + 1);
    expect([...modes.keys()].sort()).toEqual([...TRAVEL_MODES].sort());
    expect(modes.get('car') ?? 0).toBeGreaterThan(data.therapists.length / 2);
    // Spread over the city: most of its districts are someone's home.
    const homes = new Set(data.therapists.map((t) => postcodeDistrict(t.homePostcode)));
    expect(homes.size).toBeGreaterThan(40);

    const therapists = new Map(data.therapists.map((t) => [t.id, t]));
    const misplaced = data.bookings.filter((b) => {
      const t = therapists.get(b.therapistId);
      if (!t || !inCity(b.citySlug).includes(b.district)) return true;
      return t.coveredDistricts !== null && !t.coveredDistricts.includes(b.district);
    });
    expect(misplaced.map(describeBooking)).toEqual([]);
  });

  it('puts the travel fields in the catalogue document', () => {
    const doc = scaleCatalogueDocument(data);
    const t = data.therapists[0];
    expect(doc.therapists?.[0]).toMatchObject({
      homePostcode: t?.homePostcode,
      travelMode: t?.travelMode,
      maxTravelMinutes: t?.maxTravelMinutes,
      coveredDistricts: t?.coveredDistricts,
    });
  });
});
