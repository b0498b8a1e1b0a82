import { BOOKING_BUFFER_MINUTES, MINUTE_MS, UK_TIME_ZONE } from '../src/domain/constants';
import type { Gender, Interval } from '../src/domain/types';
import { localToInstant } from '../src/domain/uk-time';
import type { CatalogueDocumentInput } from '../src/contract/catalogue-document';
import type { District, TravelMode } from '../src/domain/travel-types';
import {
  nearestDistricts,
  pickDistrict,
  postcodeIn,
  TRAVEL_MODE_MIX,
  type BenchCity,
} from './city-districts';
import { createPrng, pickWeighted, type Prng } from './prng';
import {
  SCALE_CATEGORIES,
  SCALE_TREATMENT_BY_ID,
  SCALE_TREATMENTS,
  type ScaleCategory,
} from './scale-treatments';

// A production-sized data set for load tests: two cities of 500 therapists each, 36 UK days of
// availability and 20,000 confirmed bookings. Shaped like real data where it changes the cost of
// an availability search: a treatment is offered by a fifth or so of a city's therapists, most
// work most days, a few are hidden (inactive, payments not connected) or below minimum spend.

export const SCALE_CITIES = [
  { slug: 'edinburgh', name: 'Edinburgh' },
  { slug: 'newcastle', name: 'Newcastle' },
] as const;

export interface ScaleOptions {
  seed: number;
  /** UK date (YYYY-MM-DD) of the first day with availability, normally today. */
  firstDate: string;
  days?: number;
  therapistsPerCity?: number;
  bookings?: number;
  customers?: number;
}

export interface ScaleTherapist {
  id: string;
  username: string;
  name: string;
  photoUrl: string | null;
  active: boolean;
  business: boolean;
  paymentsConnected: boolean;
  area: string;
  genders: Gender[];
  minimumSpendPence: number | null;
  serviceIds: string[];
  /** Sorted, disjoint availability windows (epoch ms). */
  windows: Interval[];
  /** Travel (docs/decisions/0077): a home base in one of the city's districts. */
  homePostcode: string;
  travelMode: TravelMode;
  maxTravelMinutes: number | null;
  coveredDistricts: District[] | null;
}

/** What the therapist is before travel is given out (a stream of its own, see withTravel). */
type BaseTherapist = Omit<
  ScaleTherapist,
  'homePostcode' | 'travelMode' | 'maxTravelMinutes' | 'coveredDistricts'
>;

export interface ScaleCustomer {
  id: string;
  name: string;
  email: string;
}

export interface ScaleBooking {
  therapistId: string;
  citySlug: string;
  customerId: string;
  treatmentIds: string[];
  startsAt: number;
  /** End of the booking's `during`: start + treatments + the 15-minute buffer. */
  blockedUntil: number;
  totalPricePence: number;
  totalDurationMinutes: number;
  /** The postcode district of the booking's address. */
  district: District;
}

type BaseBooking = Omit<ScaleBooking, 'district'>;

export interface ScaleData {
  firstDate: string;
  days: number;
  therapists: ScaleTherapist[];
  customers: ScaleCustomer[];
  bookings: ScaleBooking[];
}

// prettier-ignore
const FIRST_NAMES = [
  'Amara', 'Beth', 'Caitlin', 'Chloe', 'Daisy', 'Eilidh', 'Ellie', 'Erin', 'Fiona', 'Freya',
  'Grace', 'Hannah', 'Isla', 'Jade', 'Kirsty', 'Leah', 'Lucy', 'Maya', 'Megan', 'Niamh',
  'Olivia', 'Priya', 'Rosie', 'Sophie', 'Zara', 'Aidan', 'Callum', 'Euan', 'Jamie', 'Ravi',
];
// prettier-ignore
const LAST_NAMES = [
  'Anderson', 'Armstrong', 'Bell', 'Brown', 'Campbell', 'Clark', 'Davidson', 'Fraser', 'Graham',
  'Hall', 'Hughes', 'Johnston', 'Kaur', 'Khan', 'MacDonald', 'Murray', 'Patel', 'Reid', 'Robson',
  'Ross', 'Scott', 'Smith', 'Stewart', 'Taylor', 'Thomson', 'Walker', 'Watson', 'Wilson', 'Young',
];

// Massage and nails are the busiest trades; make-up the rarest.
const CATEGORY_WEIGHTS: [ScaleCategory, number][] = [
  ['Massage', 18],
  ['Nails', 16],
  ['Facials', 15],
  ['Lashes & Brows', 14],
  ['Hair', 13],
  ['Waxing', 13],
  ['Make-up', 12],
];
const ALL_GENDERS: Gender[] = ['female', 'male', 'non-binary'];
const GRID_MS = 15 * MINUTE_MS;

const pad = (n: number, width: number) => String(n).padStart(width, '0');

function servicesFor(prng: Prng): string[] {
  const first = pickWeighted(prng, CATEGORY_WEIGHTS);
  const categories = new Set([first]);
  if (prng.chance(0.5)) {
    categories.add(
      pickWeighted(
        prng,
        CATEGORY_WEIGHTS.filter(([c]) => c !== first),
      ),
    );
  }
  const ids: string[] = [];
  for (const category of SCALE_CATEGORIES.filter((c) => categories.has(c))) {
    const inCategory = SCALE_TREATMENTS.filter((t) => t.category === category);
    const main = inCategory.filter((t) => !t.addOn && prng.chance(0.85));
    // Everyone offers at least one main treatment of their trade.
    if (main.length === 0) main.push(prng.pick(inCategory.filter((t) => !t.addOn)));
    const addOns = inCategory.filter((t) => t.addOn && prng.chance(0.8));
    ids.push(...main.map((t) => t.id), ...addOns.map((t) => t.id));
  }
  return ids;
}

function windowsFor(prng: Prng, firstDate: string, days: number): Interval[] {
  const [y, m, d] = firstDate.split('-').map(Number) as [number, number, number];
  const daysOff = new Set([prng.int(7)]);
  if (prng.chance(0.7)) daysOff.add(prng.int(7));
  const startHour = prng.pick([8, 9, 9, 10, 10, 12]);
  const at = (offset: number, hour: number) =>
    localToInstant(Date.UTC(y, m - 1, d + offset, hour), UK_TIME_ZONE);

  const windows: Interval[] = [];
  for (let offset = 0; offset < days; offset++) {
    const weekday = new Date(Date.UTC(y, m - 1, d + offset)).getUTCDay();
    if (daysOff.has(weekday) || prng.chance(0.05)) continue;
    if (prng.chance(0.12)) {
      // A split day: a morning and an evening with a school run in between.
      windows.push({ start: at(offset, 9), end: at(offset, 13) });
      windows.push({ start: at(offset, 16), end: at(offset, 20) });
    } else {
      windows.push({ start: at(offset, startHour), end: at(offset, startHour + 8) });
    }
  }
  return windows;
}

function therapistsFor(prng: Prng, options: Required<ScaleOptions>): BaseTherapist[] {
  const therapists: BaseTherapist[] = [];
  for (const city of SCALE_CITIES) {
    for (let i = 0; i < options.therapistsPerCity; i++) {
      const id = `bench-${city.slug}-${pad(i, 4)}`;
      const hidden = prng.next();
      therapists.push({
        id,
        username: id,
        name: `${prng.pick(FIRST_NAMES)} ${prng.pick(LAST_NAMES)}`,
        photoUrl: prng.chance(0.8) ? `https://images.example.com/therapists/${id}.jpg` : null,
        active: hidden >= 0.015,
        paymentsConnected: hidden < 0.015 || hidden >= 0.03,
        business: prng.chance(0.3),
        area: city.slug,
        genders: prng.chance(0.2) ? ['female'] : [...ALL_GENDERS],
        minimumSpendPence: prng.chance(0.15) ? prng.pick([4000, 5000, 6000]) : null,
        serviceIds: servicesFor(prng),
        windows: windowsFor(prng, options.firstDate, options.days),
      });
    }
  }
  return therapists;
}

function customersFor(count: number): ScaleCustomer[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `bench-customer-${pad(i, 4)}`,
    name: `Bench Customer ${i}`,
    email: `bench-customer-${pad(i, 4)}@example.com`,
  }));
}

function basketFor(prng: Prng, therapist: BaseTherapist): string[] {
  const offered = new Set(therapist.serviceIds);
  const main = prng.pick(
    therapist.serviceIds.filter((id) => !SCALE_TREATMENT_BY_ID.get(id)?.addOn),
  );
  const addOns = (SCALE_TREATMENT_BY_ID.get(main)?.addOnIds ?? []).filter((id) => offered.has(id));
  return addOns.length > 0 && prng.chance(0.3) ? [main, prng.pick(addOns)] : [main];
}

function bookingsFor(
  prng: Prng,
  therapists: BaseTherapist[],
  customers: ScaleCustomer[],
  count: number,
): BaseBooking[] {
  const slots = therapists.flatMap((t) => t.windows.map((w) => ({ therapist: t, window: w })));
  // Bookings already placed in each window (by index), kept small so a linear check is enough.
  const taken = new Map<number, Interval[]>();
  const bookings: BaseBooking[] = [];
  let attempts = 0;
  while (bookings.length < count) {
    if (++attempts > count * 50) throw new Error(`could only place ${bookings.length} bookings`);
    const index = prng.int(slots.length);
    const slot = slots[index];
    if (!slot) continue;
    const { therapist, window } = slot;
    const treatmentIds = basketFor(prng, therapist);
    const treatments = treatmentIds.map((id) => SCALE_TREATMENT_BY_ID.get(id));
    const minutes = treatments.reduce((sum, t) => sum + (t?.durationMinutes ?? 0), 0);
    const blockedMs = (minutes + BOOKING_BUFFER_MINUTES) * MINUTE_MS;
    // Windows start on the hour, so every start a whole number of grid steps in is on the grid.
    const starts = Math.floor((window.end - window.start - blockedMs) / GRID_MS) + 1;
    if (starts <= 0) continue;
    const startsAt = window.start + prng.int(starts) * GRID_MS;
    const blockedUntil = startsAt + blockedMs;
    const inWindow = taken.get(index) ?? [];
    if (inWindow.some((b) => b.start < blockedUntil && startsAt < b.end)) continue;
    inWindow.push({ start: startsAt, end: blockedUntil });
    taken.set(index, inWindow);
    bookings.push({
      therapistId: therapist.id,
      citySlug: therapist.area,
      customerId: prng.pick(customers).id,
      treatmentIds,
      startsAt,
      blockedUntil,
      totalPricePence: treatments.reduce((sum, t) => sum + (t?.pricePence ?? 0), 0),
      totalDurationMinutes: minutes + BOOKING_BUFFER_MINUTES,
    });
  }
  return bookings;
}

// Travel comes from a stream of its own, drawn after everything else: the therapists, windows and
// bookings are the ones the bench measured before travel existed, so figures stay comparable.
const TRAVEL_STREAM = 0x7a4e1;
/** How many districts round a therapist's home hold most of their customers. */
const NEIGHBOURHOOD = 8;

function travelFor(prng: Prng, city: BenchCity) {
  const home = pickDistrict(prng, city);
  const travelMode = pickWeighted(prng, TRAVEL_MODE_MIX);
  // Those on foot or by bike keep to a limit; a few drivers set one too.
  const maxTravelMinutes =
    travelMode === 'walking'
      ? 45
      : travelMode === 'bicycle'
        ? prng.pick([45, 60, null])
        : travelMode === 'public_transport'
          ? prng.pick([60, null])
          : prng.chance(0.25)
            ? prng.pick([30, 45, 60])
            : null;
  // One in ten works only in the districts round home.
  const coveredDistricts = prng.chance(0.1) ? nearestDistricts(city, home, 5 + prng.int(4)) : null;
  return {
    home,
    homePostcode: postcodeIn(prng, home),
    travelMode,
    maxTravelMinutes,
    coveredDistricts,
  };
}

/**
 * Gives every therapist a home base, a travel mode and perhaps a limit or a list of districts, and
 * every booking the district of its address: most near the therapist's home, the rest anywhere in
 * the city, and always inside the districts a therapist covers.
 */
function withTravel(
  seed: number,
  baseTherapists: BaseTherapist[],
  baseBookings: BaseBooking[],
): { therapists: ScaleTherapist[]; bookings: ScaleBooking[] } {
  const prng = createPrng(seed ^ TRAVEL_STREAM);
  const near = new Map<string, { city: BenchCity; near: District[]; covered: District[] | null }>();
  const therapists = baseTherapists.map((t): ScaleTherapist => {
    const city = t.area as BenchCity;
    const { home, ...travel } = travelFor(prng, city);
    near.set(t.id, {
      city,
      near: nearestDistricts(city, home, NEIGHBOURHOOD),
      covered: travel.coveredDistricts,
    });
    return { ...t, ...travel };
  });
  const bookings = baseBookings.map((b): ScaleBooking => {
    const where = near.get(b.therapistId);
    if (!where) throw new Error(`no therapist ${b.therapistId}`);
    const district = where.covered
      ? prng.pick(where.covered)
      : prng.chance(0.6)
        ? prng.pick(where.near)
        : pickDistrict(prng, where.city);
    return { ...b, district };
  });
  return { therapists, bookings };
}

/** The whole data set; the same options always give the same data. */
export function generateScaleData(options: ScaleOptions): ScaleData {
  const full: Required<ScaleOptions> = {
    days: 36,
    therapistsPerCity: 500,
    bookings: 20_000,
    customers: 300,
    ...options,
  };
  const prng = createPrng(full.seed);
  const baseTherapists = therapistsFor(prng, full);
  const customers = customersFor(full.customers);
  const baseBookings = bookingsFor(prng, baseTherapists, customers, full.bookings);
  const { therapists, bookings } = withTravel(full.seed, baseTherapists, baseBookings);
  return { firstDate: full.firstDate, days: full.days, therapists, customers, bookings };
}

/** The catalogue part, in the import format the admin CLI and /api/internal accept. */
export function scaleCatalogueDocument(data: ScaleData): CatalogueDocumentInput {
  return {
    cities: SCALE_CITIES.map((c) => ({ ...c })),
    treatments: SCALE_TREATMENTS.map((t, index) => ({
      id: t.id,
      name: t.name,
      category: t.category,
      description: `${t.name}, in the comfort of your home.`,
      pricePence: t.pricePence,
      durationMinutes: t.durationMinutes,
      order: index + 1,
      addOn: t.addOn,
      addOnIds: [...t.addOnIds],
    })),
    therapists: data.therapists.map((t) => ({
      id: t.id,
      username: t.username,
      name: t.name,
      bio: `${t.name} has been treating clients at home for years.`,
      photoUrl: t.photoUrl,
      active: t.active,
      business: t.business,
      paymentsConnected: t.paymentsConnected,
      paymentAccountId: t.paymentsConnected ? `acct_bench_${t.id}` : null,
      area: t.area,
      genders: t.genders,
      minimumSpendPence: t.minimumSpendPence,
      homePostcode: t.homePostcode,
      travelMode: t.travelMode,
      maxTravelMinutes: t.maxTravelMinutes,
      coveredDistricts: t.coveredDistricts,
      serviceIds: t.serviceIds,
      availability: t.windows.map((w) => ({
        start: new Date(w.start).toISOString(),
        end: new Date(w.end).toISOString(),
      })),
    })),
  };
}

/** Share of a city's therapists offering each main treatment: the selectivity of a search. */
export function offerShares(data: ScaleData): Map<string, number> {
  const shares = new Map<string, number>();
  for (const city of SCALE_CITIES) {
    const inCity = data.therapists.filter((t) => t.area === city.slug);
    for (const t of SCALE_TREATMENTS.filter((tr) => !tr.addOn)) {
      const offering = inCity.filter((th) => th.serviceIds.includes(t.id)).length;
      shares.set(`${city.slug}/${t.id}`, offering / inCity.length);
    }
  }
  return shares;
}
