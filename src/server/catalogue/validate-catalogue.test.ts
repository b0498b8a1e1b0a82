import { describe, expect, it } from 'vitest';
import { jsonPath } from './json-path';
import { validateCatalogueDocument, type ExistingCatalogue } from './validate-catalogue';

const empty = (): ExistingCatalogue => ({
  cityIds: new Set(),
  treatmentIds: new Map(),
  usernames: new Map(),
  addOnLinks: new Map(),
});

const massage = {
  id: 'massage',
  name: 'Massage',
  category: 'Massage',
  pricePence: 5000,
  durationMinutes: 60,
};
const stones = { ...massage, id: 'stones', name: 'Hot stones', addOn: true };
const therapist = (over: Record<string, unknown> = {}) => ({
  id: 't-1',
  username: 'isla',
  name: 'Isla',
  active: true,
  area: 'edinburgh',
  ...over,
});
const edinburgh = { slug: 'edinburgh', name: 'Edinburgh' };

function problemsOf(input: unknown, existing = empty()) {
  const result = validateCatalogueDocument(input, existing);
  return result.ok ? [] : result.problems;
}

describe('jsonPath', () => {
  it('renders indexes, identifiers and odd keys', () => {
    expect(jsonPath([])).toBe('$');
    expect(jsonPath(['therapists', 3, 'availability', 0, 'end'])).toBe(
      '$.therapists[3].availability[0].end',
    );
    expect(jsonPath(['a b'])).toBe('$["a b"]');
  });
});

describe('validateCatalogueDocument', () => {
  it('accepts a consistent file and leaves absent relation arrays absent', () => {
    const result = validateCatalogueDocument(
      { cities: [edinburgh], treatments: [massage, stones], therapists: [therapist()] },
      empty(),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.doc.treatments[0]?.addOnIds).toBeUndefined();
    expect(result.doc.therapists[0]?.serviceIds).toBeUndefined();
    expect(result.doc.therapists[0]?.availability).toBeUndefined();
    expect(result.doc.therapists[0]?.bio).toBe('');
  });

  it.each([null, [], 'text', 42])('says the file must be an object when it is %j', (input) => {
    expect(problemsOf(input)).toEqual([
      { path: '$', message: expect.stringContaining('must be an object') },
    ]);
  });

  it('reports shape problems and cross-record problems together', () => {
    const problems = problemsOf({
      cities: [edinburgh, edinburgh],
      treatments: [
        { ...massage, pricePence: -1 },
        // "massage" is malformed above: referring to it is not a second problem.
        { ...massage, id: 'facial', addOnIds: ['nope', 'wax', 'massage'] },
        { ...stones, addOnIds: ['massage'] },
        { ...massage, id: 'wax' },
      ],
      therapists: [
        therapist({ area: 'leeds', serviceIds: ['facial', 'facial', 'ghost'] }),
        therapist({
          id: 't-2',
          availability: [{ start: '2026-12-01T10:00:00Z', end: '2026-12-01T09:00:00Z' }],
        }),
      ],
    });
    const paths = problems.map((p) => p.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '$.treatments[0].pricePence',
        '$.therapists[1].availability[0].end',
        '$.cities[1].slug',
        '$.treatments[1].addOnIds[0]',
        '$.treatments[1].addOnIds[1]',
        '$.treatments[2].addOnIds',
        '$.therapists[0].area',
        '$.therapists[0].serviceIds[1]',
        '$.therapists[0].serviceIds[2]',
      ]),
    );
    const at = (path: string) => problems.find((p) => p.path === path)?.message;
    expect(at('$.treatments[1].addOnIds[0]')).toBe(
      'no treatment "nope" in the file or the database',
    );
    expect(at('$.treatments[1].addOnIds[1]')).toBe(
      '"wax" is not an add-on (it needs "addOn": true)',
    );
    expect(at('$.treatments[1].addOnIds[2]')).toBeUndefined();
    expect(at('$.therapists[0].area')).toBe('no city "leeds" in the file or the database');
    expect(at('$.therapists[0].serviceIds[1]')).toBe('"facial" is listed twice');
  });

  it('finds duplicates of ids and usernames inside the file', () => {
    const problems = problemsOf({
      cities: [edinburgh],
      treatments: [massage, massage],
      therapists: [therapist(), therapist({ username: 'other' }), therapist({ id: 't-3' })],
    });
    expect(problems).toEqual([
      { path: '$.treatments[1].id', message: '"massage" is already used by $.treatments[0]' },
      { path: '$.therapists[1].id', message: '"t-1" is already used by $.therapists[0]' },
      { path: '$.therapists[2].username', message: '"isla" is already used by $.therapists[0]' },
    ]);
  });

  it('checks references against the database too', () => {
    const existing = empty();
    existing.cityIds.add('edinburgh');
    existing.treatmentIds.set('stones', { isAddOn: true });
    existing.usernames.set('isla', 't-9');
    const problems = problemsOf(
      {
        treatments: [{ ...massage, addOnIds: ['stones'] }],
        therapists: [therapist({ serviceIds: ['stones', 'massage'] })],
      },
      existing,
    );
    expect(problems).toEqual([
      {
        path: '$.therapists[0].username',
        message: '"isla" belongs to therapist "t-9" in the database',
      },
    ]);
  });

  it('lets usernames move between therapists renamed in the same file', () => {
    const existing = empty();
    existing.cityIds.add('edinburgh');
    existing.usernames.set('isla', 't-1');
    existing.usernames.set('eilidh', 't-2');
    const swap = {
      therapists: [therapist({ username: 'eilidh' }), therapist({ id: 't-2', username: 'isla' })],
    };
    expect(problemsOf(swap, existing)).toEqual([]);
  });

  it('keeps stored add-on links consistent with the addOn flags', () => {
    const existing = empty();
    existing.treatmentIds.set('massage', { isAddOn: false });
    existing.treatmentIds.set('stones', { isAddOn: true });
    existing.addOnLinks?.set('massage', ['stones']);
    expect(problemsOf({ treatments: [{ ...massage, addOn: true }] }, existing)).toEqual([
      { path: '$.treatments[0].addOn', message: expect.stringContaining('send "addOnIds": []') },
    ]);
    expect(problemsOf({ treatments: [{ ...stones, addOn: false }] }, existing)).toEqual([
      {
        path: '$.treatments[0].addOn',
        message: expect.stringContaining('offered as an add-on by "massage"'),
      },
    ]);
    const both = {
      treatments: [
        { ...massage, addOnIds: [] },
        { ...stones, addOn: false },
      ],
    };
    expect(problemsOf(both, existing)).toEqual([]);
  });

  it('reports overlapping availability windows but allows touching ones', () => {
    const windows = [
      { start: '2026-12-01T09:00:00Z', end: '2026-12-01T12:00:00Z' },
      { start: '2026-12-01T12:00:00Z', end: '2026-12-01T17:00:00Z' },
      { start: '2026-12-01T16:00:00+00:00', end: '2026-12-01T18:00:00Z' },
    ];
    const problems = problemsOf({
      cities: [edinburgh],
      therapists: [therapist({ availability: windows })],
    });
    expect(problems).toEqual([
      {
        path: '$.therapists[0].availability[2]',
        message:
          'overlaps $.therapists[0].availability[1] (2026-12-01T12:00:00Z to 2026-12-01T17:00:00Z)',
      },
    ]);
  });

  it('refuses instants PostgreSQL cannot take, naming the field', () => {
    const windows = [
      // Year 0 does not exist in PostgreSQL's calendar.
      { start: '0000-06-01T09:00:00Z', end: '0000-06-01T17:00:00Z' },
      // Fine as written, but year 0 once the offset is taken off.
      { start: '0001-01-01T00:30:00+01:00', end: '2026-12-01T17:00:00Z' },
      // Year 10000 in UTC, which PostgreSQL cannot read in ISO form.
      { start: '2026-12-02T09:00:00Z', end: '9999-12-31T23:00:00-05:00' },
      // The edges themselves are fine.
      { start: '0001-01-01T00:00:00Z', end: '0001-01-01T01:00:00Z' },
      { start: '9999-12-31T22:00:00Z', end: '9999-12-31T23:59:59.999Z' },
    ];
    const problems = problemsOf({
      cities: [edinburgh],
      therapists: [therapist({ availability: windows })],
    });
    const message = 'must be an instant between the years 0001 and 9999 (UTC)';
    expect(problems).toEqual([
      { path: '$.therapists[0].availability[0].start', message },
      { path: '$.therapists[0].availability[0].end', message },
      { path: '$.therapists[0].availability[1].start', message },
      { path: '$.therapists[0].availability[2].end', message },
    ]);
  });

  it("checks a therapist's optional email, which may be left out or null", () => {
    const doc = (email: unknown) => ({ cities: [edinburgh], therapists: [therapist({ email })] });
    for (const email of ['anna@example.com', null, undefined]) {
      expect(problemsOf(doc(email)), String(email)).toEqual([]);
    }
    for (const email of ['anna', 'anna@', 42, '']) {
      expect(problemsOf(doc(email)), String(email)).toEqual([
        expect.objectContaining({ path: '$.therapists[0].email' }),
      ]);
    }
    expect(problemsOf(doc('anna'))[0]?.message).toBe('must be an email address');
  });

  it("checks a therapist's travel: home postcode, mode, longest journey and covered districts", () => {
    const doc = (over: Record<string, unknown>) => ({
      cities: [edinburgh],
      therapists: [therapist(over)],
    });
    const good = {
      homePostcode: 'eh6 5aa',
      travelMode: 'bicycle',
      maxTravelMinutes: 45,
      coveredDistricts: ['eh6', 'EH7'],
    };
    expect(problemsOf(doc(good))).toEqual([]);
    expect(problemsOf(doc({ homePostcode: null, maxTravelMinutes: null }))).toEqual([]);
    const paths = (over: Record<string, unknown>) => problemsOf(doc(over)).map((p) => p.path);
    expect(paths({ homePostcode: 'not a postcode' })).toEqual(['$.therapists[0].homePostcode']);
    // A valid shape whose district does not exist: journeys from it could not be worked out.
    expect(problemsOf(doc({ homePostcode: 'EH60 1AA' }))).toEqual([
      expect.objectContaining({
        path: '$.therapists[0].homePostcode',
        message: 'no postcode district "EH60" is known',
      }),
    ]);
    expect(paths({ travelMode: 'helicopter' })).toEqual(['$.therapists[0].travelMode']);
    expect(paths({ maxTravelMinutes: 0 })).toEqual(['$.therapists[0].maxTravelMinutes']);
    expect(paths({ maxTravelMinutes: 12.5 })).toEqual(['$.therapists[0].maxTravelMinutes']);
    expect(paths({ coveredDistricts: ['EH6', 'Leith'] })).toEqual([
      '$.therapists[0].coveredDistricts[1]',
    ]);
    expect(paths({ coveredDistricts: ['EH6', 'EH60'] })).toEqual([
      '$.therapists[0].coveredDistricts[1]',
    ]);
  });
});
