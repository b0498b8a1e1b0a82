import type { District, TravelMode } from '../src/domain/travel-types';
import { centroidOf } from '../src/server/travel/postcode-districts';
import { straightLineKm } from '../src/domain/travel-estimate';
import { pickWeighted, type Prng } from './prng';

// Where the bench cities' homes are, by postcode district (data/uk-postcode-districts.csv): the
// city's own districts, and the towns round it whose customers book city therapists. Shared by the
// scale data set (bench/scale-data.ts) and the travel replay (bench/travel.ts).

export type BenchCity = 'edinburgh' | 'newcastle';

export interface CityDistricts {
  /** The city itself: most homes, customers and therapists. */
  core: readonly District[];
  /** Towns at its edge, a few km out: fewer of each. */
  nearby: readonly District[];
}

const numbered = (area: string, numbers: number[]) => numbers.map((n) => `${area}${n}`);
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

export const CITY_DISTRICTS: Readonly<Record<BenchCity, CityDistricts>> = {
  edinburgh: {
    core: numbered('EH', range(1, 17)),
    // Lasswade, Bonnyrigg, Loanhead, Musselburgh, Dalkeith, Kirkliston, South Queensferry.
    nearby: numbered('EH', [18, 19, 20, 21, 22, 29, 30]),
  },
  newcastle: {
    // NE14 is not a district in use.
    core: numbered('NE', [...range(1, 13), 15]),
    // Whickham, Blaydon, Killingworth, Wallsend, North Shields, Tynemouth, Hebburn.
    nearby: numbered('NE', [16, 21, 27, 28, 29, 30, 31]),
  },
};

/** A core district is this many times as likely as a nearby one to hold a given home. */
export const CORE_WEIGHT = 3;

export function districtsOf(city: BenchCity): District[] {
  const { core, nearby } = CITY_DISTRICTS[city];
  return [...core, ...nearby];
}

const weightsCache = new Map<BenchCity, [District, number][]>();

/** One district of the city, core ones CORE_WEIGHT times as likely as nearby ones. */
export function pickDistrict(prng: Prng, city: BenchCity): District {
  let weights = weightsCache.get(city);
  if (!weights) {
    const { core, nearby } = CITY_DISTRICTS[city];
    weights = [
      ...core.map((d): [District, number] => [d, CORE_WEIGHT]),
      ...nearby.map((d): [District, number] => [d, 1]),
    ];
    weightsCache.set(city, weights);
  }
  return pickWeighted(prng, weights);
}

// The letters a postcode's inward code may use (never C, I, K, M, O or V).
const INWARD_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';

/** A well-formed postcode in the district ("EH6 4QT"); not necessarily a delivered one. */
export function postcodeIn(prng: Prng, district: District): string {
  const letter = () => INWARD_LETTERS[prng.int(INWARD_LETTERS.length)] ?? 'A';
  return `${district} ${prng.int(10)}${letter()}${letter()}`;
}

/** The districts of the city nearest to `district` (centroid to centroid), itself first. */
export function nearestDistricts(city: BenchCity, district: District, count: number): District[] {
  const here = centroidOf(district);
  if (!here) throw new Error(`${district} is not in the district table`);
  return districtsOf(city)
    .map((d) => {
      const there = centroidOf(d);
      if (!there) throw new Error(`${d} is not in the district table`);
      return { d, km: d === district ? -1 : straightLineKm(here, there) };
    })
    .sort((a, b) => a.km - b.km || a.d.localeCompare(b.d))
    .slice(0, count)
    .map((x) => x.d);
}

/** How therapists travel: most drive; some take the bus, cycle or walk with their kit. */
export const TRAVEL_MODE_MIX: readonly (readonly [TravelMode, number])[] = [
  ['car', 62],
  ['public_transport', 18],
  ['bicycle', 12],
  ['walking', 8],
];
