import { count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import {
  availability,
  city,
  therapist,
  therapistService,
  treatment,
  treatmentAddOn,
} from '../db/schema';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test-support/test-database';
import { buildDemoCatalogue } from './demo-catalogue';
import { exportCatalogue } from './export-catalogue';
import { importCatalogue } from './import-catalogue';

const TODAY = new Date('2026-11-21T10:00:00Z');

async function clearCatalogue(db: Db) {
  await db.delete(availability);
  await db.delete(therapistService);
  await db.delete(therapist);
  await db.delete(treatmentAddOn);
  await db.delete(treatment);
  await db.delete(city);
}

async function rowCounts(db: Db) {
  const n = async (table: PgTable) => (await db.select({ n: count() }).from(table))[0]?.n;
  return {
    cities: await n(city),
    treatments: await n(treatment),
    links: await n(treatmentAddOn),
    therapists: await n(therapist),
    services: await n(therapistService),
    windows: await n(availability),
  };
}

const massage = {
  id: 'massage',
  name: 'Massage',
  category: 'Massage',
  pricePence: 5000,
  durationMinutes: 60,
  addOnIds: ['stones'],
};
const stones = {
  id: 'stones',
  name: 'Hot stones',
  category: 'Massage',
  pricePence: 1500,
  durationMinutes: 15,
  addOn: true,
};
const window = (day: number) => ({
  start: `2026-12-${String(day).padStart(2, '0')}T09:00:00.000Z`,
  end: `2026-12-${String(day).padStart(2, '0')}T17:00:00.000Z`,
});
const isla = {
  id: 't-isla',
  username: 'isla',
  name: 'Isla',
  active: true,
  paymentsConnected: true,
  area: 'edinburgh',
  genders: ['female'],
  serviceIds: ['massage', 'stones'],
  availability: [window(1), window(2)],
};
const small = () => ({
  cities: [{ slug: 'edinburgh', name: 'Edinburgh' }],
  treatments: [massage, stones],
  therapists: [isla],
});

describe.each(testDatabaseKinds('one'))('importCatalogue on %s', (kind) => {
  let database: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.db;
  });
  afterAll(async () => {
    await database?.destroy();
  });
  beforeEach(async () => {
    await clearCatalogue(db);
  });

  it('imports the demo catalogue and round-trips it through export', async () => {
    const result = await importCatalogue(db, buildDemoCatalogue(TODAY));
    expect(result).toEqual({
      ok: true,
      counts: {
        cities: 2,
        treatments: 37,
        therapists: 22,
        availabilityWindows: expect.any(Number),
      },
    });
    const first = await exportCatalogue(db);
    expect(first.therapists.find((t) => t.id === 't-isla')).toMatchObject({
      username: 'isla',
      business: true,
      area: 'edinburgh',
    });

    await clearCatalogue(db);
    expect(await importCatalogue(db, first)).toMatchObject({ ok: true });
    const second = await exportCatalogue(db);
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));

    // Importing the export over itself changes nothing either.
    expect(await importCatalogue(db, JSON.parse(JSON.stringify(second)))).toMatchObject({
      ok: true,
    });
    expect(await exportCatalogue(db)).toEqual(first);
  });

  it('maps the file format onto the tables', async () => {
    await importCatalogue(db, small());
    const [stored] = await db.select().from(therapist);
    expect(stored).toMatchObject({
      businessEnabled: false,
      acceptedGenders: ['female'],
      paymentsConnected: true,
      minimumSpendPence: null,
    });
    const [addOn] = await db.select().from(treatment).where(eq(treatment.id, 'stones'));
    expect(addOn).toMatchObject({ isAddOn: true, sortOrder: 0, description: '' });
    const windows = await db.select().from(availability);
    expect(windows.map((w) => w.during)).toEqual([
      { start: new Date(window(1).start), end: new Date(window(1).end) },
      { start: new Date(window(2).start), end: new Date(window(2).end) },
    ]);
  });

  it('writes nothing when the file is invalid and reports every problem', async () => {
    await importCatalogue(db, small());
    const before = await rowCounts(db);
    const result = await importCatalogue(db, {
      cities: [{ slug: 'Leeds!', name: 'Leeds' }],
      treatments: [
        { ...massage, name: 'Massage renamed' },
        { ...stones, pricePence: 12.5 },
      ],
      therapists: [
        { ...isla, name: 'Isla renamed', area: 'york' },
        { ...isla, id: 't-other', username: 'isla', availability: [window(3), window(3)] },
      ],
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => p.path).sort()).toEqual([
      '$.cities[0].slug',
      '$.therapists[0].area',
      '$.therapists[1].availability[1]',
      '$.therapists[1].username',
      '$.treatments[1].pricePence',
    ]);
    expect(await rowCounts(db)).toEqual(before);
    const [stored] = await db.select().from(treatment).where(eq(treatment.id, 'massage'));
    expect(stored?.name).toBe('Massage');
  });

  it('reports a file that is not an object', async () => {
    expect(await importCatalogue(db, [small()])).toEqual({
      ok: false,
      problems: [{ path: '$', message: expect.stringContaining('must be an object') }],
    });
  });

  it('replaces relation sets that are present and keeps those that are absent', async () => {
    await importCatalogue(db, small());
    const { serviceIds: _s, availability: _a, ...islaScalars } = isla;
    const { addOnIds: _l, ...massageScalars } = massage;
    await importCatalogue(db, {
      treatments: [{ ...massageScalars, name: 'Massage (60 min)' }],
      therapists: [{ ...islaScalars, bio: 'New bio' }],
    });
    let doc = await exportCatalogue(db);
    expect(doc.treatments[0]).toMatchObject({ name: 'Massage (60 min)', addOnIds: ['stones'] });
    expect(doc.therapists[0]).toMatchObject({
      bio: 'New bio',
      serviceIds: ['massage', 'stones'],
      availability: [window(1), window(2)],
    });

    await importCatalogue(db, {
      treatments: [{ ...massage, addOnIds: [] }],
      therapists: [{ ...isla, serviceIds: ['massage'], availability: [window(5)] }],
    });
    doc = await exportCatalogue(db);
    expect(doc.treatments[0]?.addOnIds).toEqual([]);
    expect(doc.therapists[0]).toMatchObject({ serviceIds: ['massage'], availability: [window(5)] });
  });

  it('keeps optional scalars that the file leaves out', async () => {
    await importCatalogue(db, {
      ...small(),
      cities: [{ slug: 'edinburgh', name: 'Edinburgh', active: false }],
      therapists: [
        { ...isla, photoUrl: 'https://example.com/isla.jpg', paymentAccountId: 'acct_1' },
      ],
    });
    await importCatalogue(db, { ...small(), cities: [{ slug: 'edinburgh', name: 'Edinburgh!' }] });
    const doc = await exportCatalogue(db);
    expect(doc.cities).toEqual([{ slug: 'edinburgh', name: 'Edinburgh!', active: false }]);
    expect(doc.therapists[0]).toMatchObject({
      photoUrl: 'https://example.com/isla.jpg',
      paymentAccountId: 'acct_1',
    });
  });

  it("stores a therapist's email, keeps it when the file leaves it out, removes it on null", async () => {
    const emailOf = async () => (await exportCatalogue(db)).therapists[0]?.email;
    await importCatalogue(db, { ...small(), therapists: [{ ...isla, email: 'isla@example.com' }] });
    expect(await emailOf()).toBe('isla@example.com');
    await importCatalogue(db, { ...small(), therapists: [isla] });
    expect(await emailOf()).toBe('isla@example.com');
    await importCatalogue(db, { ...small(), therapists: [{ ...isla, email: null }] });
    expect(await emailOf()).toBeNull();
  });

  it('lets two therapists swap usernames in one file', async () => {
    const eilidh = { ...isla, id: 't-eilidh', username: 'eilidh' };
    await importCatalogue(db, { ...small(), therapists: [isla, eilidh] });
    const result = await importCatalogue(db, {
      therapists: [
        { ...isla, username: 'eilidh' },
        { ...eilidh, username: 'isla' },
      ],
    });
    expect(result.ok).toBe(true);
    const doc = await exportCatalogue(db);
    expect(doc.therapists.map((t) => [t.id, t.username])).toEqual([
      ['t-eilidh', 'isla'],
      ['t-isla', 'eilidh'],
    ]);
  });

  it('writes large files in chunks (1,200 therapists, 43,200 windows)', async () => {
    const therapists = Array.from({ length: 1200 }, (_, i) => ({
      ...isla,
      id: `t-${i}`,
      username: `therapist-${i}`,
      availability: Array.from({ length: 36 }, (_, d) => ({
        start: new Date(Date.UTC(2026, 11, 1 + d, 9)).toISOString(),
        end: new Date(Date.UTC(2026, 11, 1 + d, 17)).toISOString(),
      })),
    }));
    const result = await importCatalogue(db, { ...small(), therapists });
    expect(result).toEqual({
      ok: true,
      counts: { cities: 1, treatments: 2, therapists: 1200, availabilityWindows: 43_200 },
    });
    expect(await rowCounts(db)).toMatchObject({
      therapists: 1200,
      services: 2400,
      windows: 43_200,
    });
  });
});
