import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import {
  availability,
  city,
  therapist,
  therapistService,
  treatment,
  treatmentAddOn,
} from '../db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, bookingTherapist, NOW, testCatalogue } from '../../test-support/booking-fixtures';
import { buildTestApp } from '../../test-support/test-app';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test-support/test-database';

// The same catalogue twice, once in today's shape and once in the company's (the company's field
// names, docs/decisions/0092), into an empty catalogue each time: every public answer about the
// therapists it describes must be the same, and so must the export.

const TOKEN = 'test-internal-token-0123456789abcdef';
const auth = { authorization: `Bearer ${TOKEN}` };
const MIN = 60_000;
const DAYS = ['2026-11-24', '2026-11-25'];

const todays = testCatalogue([
  bookingTherapist('t-anna', {
    availability: DAYS.map((d) => ({ start: at(d, '09:00'), end: at(d, '17:00') })),
  }),
  bookingTherapist('t-cara', {
    business: false,
    genders: ['female'],
    minimumSpendPence: 5000,
    serviceIds: ['manicure'],
    availability: [{ start: at(DAYS[0] ?? '', '13:00'), end: at(DAYS[0] ?? '', '15:00') }],
  }),
  bookingTherapist('t-dora', {
    paymentsConnected: false,
    availability: DAYS.map((d) => ({ start: at(d, '09:00'), end: at(d, '17:00') })),
  }),
]);

/** Every quarter hour from `from` to `to` on a day, as the company's timestamps (some as ms). */
function quarterHours(day: string, from: string, to: string): (string | number)[] {
  const out: (string | number)[] = [];
  for (let t = Date.parse(at(day, from)); t < Date.parse(at(day, to)); t += 15 * MIN) {
    out.push(out.length % 2 === 0 ? new Date(t).toISOString() : t);
  }
  return out;
}

const specTreatments = todays.treatments.map((t) => ({
  id: t.id,
  name: t.name,
  category: t.category,
  price: t.pricePence,
  duration: t.durationMinutes * MIN,
  order: t.order,
  addOnService: t.addOn,
  addOnServiceIds: t.addOnIds,
}));
const services = (ids: string[]) =>
  ids.map((id) => {
    const t = specTreatments.find((s) => s.id === id);
    return { id, name: t?.name, price: t?.price, duration: t?.duration };
  });
const specTherapist = (id: string, over: Record<string, unknown>) => ({
  id,
  username: id.replace(/^t-/, ''),
  name: id.replace(/^t-/, '').replace(/^./, (c) => c.toUpperCase()),
  active: true,
  business: true,
  stripeConnect: true,
  paymentAccountId: `acct_${id.replace(/\W/g, '')}`,
  area: 'testcity',
  gender: { female: true, male: true, 'non-binary': true },
  minimumSpend: null,
  services: services(['massage-60', 'hot-stones', 'manicure']),
  ...over,
});
const specs = {
  cities: todays.cities.map((c) => ({ id: c.slug, name: c.name })),
  treatments: specTreatments,
  therapists: [
    specTherapist('t-anna', {
      availability: DAYS.flatMap((d) => quarterHours(d, '09:00', '17:00')),
    }),
    specTherapist('t-cara', {
      business: false,
      gender: { female: true, male: false },
      minimumSpend: 5000,
      services: services(['manicure']),
      availability: quarterHours(DAYS[0] ?? '', '13:00', '15:00'),
    }),
    specTherapist('t-dora', {
      stripeConnect: false,
      availability: DAYS.flatMap((d) => quarterHours(d, '09:00', '17:00')),
    }),
  ],
};

const PUBLIC = [
  '/api/cities',
  '/api/cities/testcity/treatments',
  '/api/professionals',
  '/api/professionals?city=testcity',
  '/api/professionals/anna',
  '/api/professionals/cara',
  '/api/professionals/dora',
  '/api/cities/testcity/dates?treatments=massage-60',
  '/api/cities/testcity/dates?treatments=manicure',
  `/api/cities/testcity/therapists?date=${DAYS[0]}&treatments=manicure`,
  `/api/cities/testcity/therapists?date=${DAYS[0]}&treatments=massage-60,hot-stones`,
  `/api/cities/testcity/therapists?date=${DAYS[1]}&treatments=manicure`,
];

async function clearCatalogue(db: Db) {
  await db.delete(availability);
  await db.delete(therapistService);
  await db.delete(therapist);
  await db.delete(treatmentAddOn);
  await db.delete(treatment);
  await db.delete(city);
}

describe.each(testDatabaseKinds('one'))("a catalogue in the company's shape on %s", (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp(database, {
      env: { AVAILABILITY_CACHE_SECONDS: '0' },
      now: () => NOW,
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
  });

  const post = (payload: object) =>
    app.inject({ method: 'POST', url: '/api/internal/catalogue', headers: auth, payload });
  const answers = async () => {
    const out = new Map<string, { status: number; body: unknown }>();
    for (const url of [...PUBLIC, '/api/internal/catalogue']) {
      const headers = url.startsWith('/api/internal') ? auth : {};
      const res = await app.inject({ method: 'GET', url, headers });
      out.set(url, { status: res.statusCode, body: res.json() });
    }
    return out;
  };

  it("imports, and shows its therapists exactly as today's shape does", async () => {
    const counts = { cities: 2, treatments: 3, therapists: 3, availabilityWindows: 5 };
    expect((await post(todays)).json()).toEqual({ counts });
    const fromToday = await answers();
    // The same database emptied, so nothing of the first import can show through.
    await clearCatalogue(database.db);
    expect((await post(specs)).json()).toEqual({ counts });
    const fromSpec = await answers();

    for (const [url, answer] of fromToday) {
      // Dora, whose payments are not connected, has no public page: a 404 in both.
      expect(answer.status, url).toBe(url.endsWith('/dora') ? 404 : 200);
      expect(fromSpec.get(url), url).toEqual(answer);
    }
    // The answers are worth comparing: Anna and Cara are offered, with times.
    const day = JSON.stringify(fromSpec.get(PUBLIC[9] ?? '')?.body);
    expect(day).toContain('t-anna');
    expect(day).toContain('t-cara');
  });

  it('refuses unknown fields, wrong types and contradictions over HTTP, naming the path', async () => {
    const bad = {
      ...specs,
      therapists: [
        { ...specs.therapists[0], favouriteColour: 'pink', stripeConnect: 'yes' },
        { ...specs.therapists[1], minimumSpendPence: 2300 },
      ],
    };
    const res = await post(bad);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({
      status: 400,
      detail: 'The catalogue has 3 problems; nothing was imported.',
      errors: [
        { field: '$.therapists[0].stripeConnect', message: expect.stringContaining('boolean') },
        {
          field: '$.therapists[0].favouriteColour',
          message: expect.stringContaining('not a field'),
        },
        {
          field: '$.therapists[1].minimumSpend',
          message: 'contradicts $.therapists[1].minimumSpendPence: 5000 is not 2300',
        },
      ],
    });
  });
});
