import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Centroid, District } from '../../domain/travel-types';

// Where each UK postcode district is (src/server/travel/data/README.md says where the table comes from and how far
// to trust it). Read once, on the first journey anyone asks about; a district not in the table is
// unknown, never somewhere.

export const POSTCODE_DISTRICTS_FILE = path.resolve(
  import.meta.dirname,
  'data/uk-postcode-districts.csv',
);

const HEADER = 'outcode,latitude,longitude';
const OUTWARD_CODE = /^[A-Z]{1,2}[0-9][0-9A-Z]?$/;
const DECIMAL = /^-?[0-9]{1,3}(\.[0-9]+)?$/;
/** Generously around the British Isles: a centroid outside it is a broken row, (0, 0) above all. */
const LATITUDES = [49, 61.5] as const;
const LONGITUDES = [-9, 2.5] as const;

let table: ReadonlyMap<District, Centroid> | null = null;

/** The district's centroid, or undefined when the table does not have it (unknown district). */
export function centroidOf(district: District): Centroid | undefined {
  table ??= readDistrictTable(POSTCODE_DISTRICTS_FILE);
  return table.get(district);
}

/** Every district in the table (to say which ones a therapist travels to). */
export function districtCodes(): District[] {
  table ??= readDistrictTable(POSTCODE_DISTRICTS_FILE);
  return [...table.keys()];
}

export function readDistrictTable(file: string): Map<District, Centroid> {
  return parseDistrictTable(readFileSync(file, 'utf8'), file);
}

/** `outcode,latitude,longitude` lines under that header; any bad row throws, naming its line. */
export function parseDistrictTable(text: string, source: string): Map<District, Centroid> {
  const lines = text.split(/\r?\n/);
  if (lines[0]?.trim() !== HEADER)
    throw new Error(`${source}:1: the first line must be "${HEADER}"`);
  const districts = new Map<District, Centroid>();
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    const bad = (why: string) => new Error(`${source}:${i + 1}: ${why}: "${line}"`);
    const fields = line.split(',');
    if (fields.length !== 3) throw bad('expected outcode,latitude,longitude');
    const [code, latText, lonText] = fields.map((f) => f.trim()) as [string, string, string];
    if (!OUTWARD_CODE.test(code)) throw bad('not an outward code such as EH6');
    if (!DECIMAL.test(latText) || !DECIMAL.test(lonText))
      throw bad('latitude and longitude must be decimal numbers');
    const lat = Number(latText);
    const lon = Number(lonText);
    if (lat < LATITUDES[0] || lat > LATITUDES[1] || lon < LONGITUDES[0] || lon > LONGITUDES[1])
      throw bad('not a position in the UK');
    if (districts.has(code)) throw bad(`${code} appears twice`);
    districts.set(code, { lat, lon });
  }
  return districts;
}
