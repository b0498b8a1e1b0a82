import { describe, expect, it } from 'vitest';
import { UNKNOWN_FIELD } from '../../contract/catalogue-availability';
import { validateCatalogueDocument, type ExistingCatalogue } from './validate-catalogue';

// The company's document shape (the company's field names) beside today's: docs/decisions/0092.

const empty = (): ExistingCatalogue => ({
  cityIds: new Set(),
  treatmentIds: new Map(),
  usernames: new Map(),
  addOnLinks: new Map(),
});

const MIN = 60_000;
const today = {
  cities: [{ slug: 'edinburgh', name: 'Edinburgh' }],
  treatments: [
    {
      id: 'massage',
      name: 'Massage',
      category: 'Massage',
      pricePence: 5000,
      durationMinutes: 60,
      order: 1,
      addOnIds: ['stones'],
    },
    {
      id: 'stones',
      name: 'Hot stones',
      category: 'Massage',
      pricePence: 1500,
      durationMinutes: 15,
      order: 2,
      addOn: true,
    },
  ],
  therapists: [
    {
      id: 't-1',
      username: 'isla',
      name: 'Isla',
      active: true,
      business: true,
      paymentsConnected: true,
      area: 'edinburgh',
      genders: ['female', 'non-binary'],
      minimumSpendPence: 3000,
      serviceIds: ['massage', 'stones'],
      availability: [
        { start: '2026-12-01T09:00:00.000Z', end: '2026-12-01T10:00:00.000Z' },
        { start: '2026-12-01T11:00:00.000Z', end: '2026-12-01T11:15:00.000Z' },
      ],
    },
  ],
};

const specTherapist = (over: Record<string, unknown> = {}) => ({
  id: 't-1',
  username: 'isla',
  name: 'Isla',
  active: true,
  business: true,
  stripeConnect: true,
  area: 'edinburgh',
  gender: { female: true, male: false, 'non-binary': true },
  minimumSpend: 3000,
  services: [{ id: 'massage', price: 5000, duration: 60 * MIN }, { id: 'stones' }],
  // Quarter-hours as instants and as milliseconds: 09:00 to 10:00, then 11:00 to 11:15.
  availability: [
    '2026-12-01T09:00:00Z',
    '2026-12-01T09:15:00.000Z',
    Date.parse('2026-12-01T09:30:00Z'),
    '2026-12-01T09:45:00+00:00',
    '2026-12-01T11:00:00Z',
  ],
  ...over,
});
const spec = (therapist: Record<string, unknown> = specTherapist()) => ({
  cities: [{ id: 'edinburgh', name: 'Edinburgh' }],
  treatments: [
    {
      id: 'massage',
      name: 'Massage',
      category: 'Massage',
      price: 5000,
      duration: 60 * MIN,
      order: 1,
      addOnServiceIds: ['stones'],
    },
    {
      id: 'stones',
      name: 'Hot stones',
      category: 'Massage',
      price: 1500,
      duration: 15 * MIN,
      order: 2,
      addOnService: true,
    },
  ],
  therapists: [therapist],
});

function problemsOf(input: unknown, existing = empty()) {
  const result = validateCatalogueDocument(input, existing);
  return result.ok ? [] : result.problems;
}
const pathsOf = (input: unknown, existing = empty()) =>
  problemsOf(input, existing).map((p) => p.path);

describe("the company's document shape", () => {
  it("reads into exactly the records today's shape gives", () => {
    const fromToday = validateCatalogueDocument(today, empty());
    const fromSpec = validateCatalogueDocument(spec(), empty());
    expect(fromSpec).toEqual(fromToday);
    expect(fromSpec.ok).toBe(true);
  });

  it('takes either name field by field, and both when they agree', () => {
    const mixed = spec(
      specTherapist({ paymentsConnected: true, genders: ['female', 'non-binary'] }),
    );
    mixed.treatments[0] = { ...today.treatments[0], duration: 60 * MIN } as never;
    expect(validateCatalogueDocument(mixed, empty())).toEqual(
      validateCatalogueDocument(today, empty()),
    );
    // A list and a map agree when they name the same genders, in any order.
    const reordered = spec(specTherapist({ genders: ['non-binary', 'female'] }));
    expect(problemsOf(reordered)).toEqual([]);
  });

  it("reports contradictions at the company's field, naming both paths", () => {
    const doc = spec(
      specTherapist({
        paymentsConnected: false,
        genders: ['male'],
        minimumSpendPence: null,
        serviceIds: ['massage'],
      }),
    );
    doc.cities[0] = { ...doc.cities[0], slug: 'leith' } as never;
    doc.treatments[0] = { ...doc.treatments[0], durationMinutes: 45 } as never;
    const problems = problemsOf(doc);
    const at = (path: string) => problems.find((p) => p.path === path)?.message;
    expect(at('$.cities[0].id')).toBe('contradicts $.cities[0].slug: "edinburgh" is not "leith"');
    expect(at('$.treatments[0].duration')).toBe(
      'contradicts $.treatments[0].durationMinutes: 3600000 ms is 60 minutes, not 45',
    );
    expect(at('$.therapists[0].stripeConnect')).toMatch(
      /^contradicts \$\.therapists\[0\]\.paymentsConnected/,
    );
    expect(at('$.therapists[0].gender')).toBe(
      'contradicts $.therapists[0].genders: it accepts female, non-binary, not male',
    );
    expect(at('$.therapists[0].minimumSpend')).toMatch(/minimumSpendPence: 3000 is not null/);
    expect(at('$.therapists[0].services')).toMatch(/serviceIds: they name different treatments/);
  });

  it('refuses unknown fields in either shape, at their own path', () => {
    const doc = {
      ...spec(specTherapist({ favouriteColour: 'pink' })),
      extra: true,
    };
    doc.treatments[1] = { ...doc.treatments[1], colour: 'red' } as never;
    const withWindow = spec(
      specTherapist({
        services: [{ id: 'massage', vat: 20 }],
        availability: [{ start: '2026-12-01T09:00:00Z', end: '2026-12-01T10:00:00Z', note: 'x' }],
      }),
    );
    expect(problemsOf(doc)).toEqual([
      { path: '$.treatments[1].colour', message: UNKNOWN_FIELD },
      { path: '$.therapists[0].favouriteColour', message: UNKNOWN_FIELD },
      { path: '$.extra', message: UNKNOWN_FIELD },
    ]);
    expect(pathsOf(withWindow)).toEqual([
      '$.therapists[0].services[0].vat',
      '$.therapists[0].availability[0].note',
    ]);
  });

  it('refuses wrong types and values at the path that was sent', () => {
    const doc = spec(
      specTherapist({
        stripeConnect: 'yes',
        gender: { female: 'yes', robot: true },
        availability: ['2026-12-01T09:00:00Z', true, 1.5, 'tomorrow'],
      }),
    );
    doc.treatments[0] = { ...doc.treatments[0], duration: 90_500 } as never;
    doc.treatments[1] = { ...doc.treatments[1], price: 15.5 } as never;
    expect(pathsOf(doc)).toEqual([
      '$.treatments[0].duration',
      '$.treatments[1].price',
      '$.therapists[0].stripeConnect',
      '$.therapists[0].gender.female',
      '$.therapists[0].availability[1]',
      '$.therapists[0].availability[2]',
      '$.therapists[0].availability[3]',
    ]);
    const robot = problemsOf(spec(specTherapist({ gender: { robot: true } })));
    expect(robot).toEqual([
      {
        path: '$.therapists[0].gender.robot',
        message: '"robot" is not a gender this system knows (female, male, non-binary)',
      },
    ]);
  });

  it('says which name a missing fact may have', () => {
    const doc = spec();
    const { price: _, ...priceless } = doc.treatments[0] ?? {};
    doc.treatments[0] = priceless as never;
    expect(problemsOf(doc)).toEqual([
      {
        path: '$.treatments[0].pricePence',
        message: "is required (whole pence), or the company's price",
      },
    ]);
  });

  it('keeps one availability list to one kind, each timestamp once', () => {
    const mixed = spec(
      specTherapist({
        availability: [
          '2026-12-01T09:00:00Z',
          { start: '2026-12-01T10:00:00Z', end: '2026-12-01T11:00:00Z' },
        ],
      }),
    );
    expect(pathsOf(mixed)).toEqual(['$.therapists[0].availability[1]']);
    const twice = spec(
      specTherapist({ availability: ['2026-12-01T09:00:00Z', Date.parse('2026-12-01T09:00Z')] }),
    );
    expect(problemsOf(twice)).toEqual([
      {
        path: '$.therapists[0].availability[1]',
        message: 'is the same instant as [0]: each slot is listed once',
      },
    ]);
  });

  it("checks the company's services against the treatments they name, in the file or stored", () => {
    const inFile = spec(
      specTherapist({
        services: [{ id: 'massage', price: 4500, name: 'Massage' }, { id: 'ghost' }],
      }),
    );
    expect(problemsOf(inFile)).toEqual([
      {
        path: '$.therapists[0].services[1].id',
        message: 'no treatment "ghost" in the file or the database',
      },
      {
        path: '$.therapists[0].services[0].price',
        message:
          'says 4500, but treatment "massage" ($.treatments[0]) has 5000: ' +
          "a therapist's services name treatments, they cannot change them",
      },
    ]);

    const existing = empty();
    existing.cityIds.add('edinburgh');
    existing.treatmentIds.set('massage', {
      isAddOn: false,
      stored: {
        name: 'Massage',
        category: 'Massage',
        description: '',
        pricePence: 5000,
        durationMinutes: 60,
        order: 1,
        addOn: false,
        active: true,
      },
    });
    const stored = {
      therapists: [specTherapist({ services: [{ id: 'massage', duration: 45 * MIN }] })],
    };
    expect(problemsOf(stored, existing)).toEqual([
      {
        path: '$.therapists[0].services[0].duration',
        message: expect.stringContaining(
          'says 2700000 ms (45 minutes), but treatment "massage" (the database) has 60 minutes',
        ),
      },
    ]);
  });

  it("names the company's add-on fields in the add-on rules", () => {
    const doc = spec();
    doc.treatments[1] = { ...doc.treatments[1], addOnService: false } as never;
    expect(problemsOf(doc)).toEqual([
      {
        path: '$.treatments[0].addOnServiceIds[0]',
        message: '"stones" is not an add-on (it needs "addOn": true)',
      },
    ]);
  });
});
