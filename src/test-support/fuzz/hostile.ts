import fc from 'fast-check';

// What an attacker, a broken client or a confused proxy sends: the inputs behind most 500s.

/** One mebibyte: at the body limit, far past every string limit. */
export const ONE_MIB = 'x'.repeat(1024 * 1024);

const DEPTH = 5_000;
/** Deep nesting in JSON: parsers, validators and walkers that recurse overflow the stack. */
export const DEEP_ARRAY = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
export const DEEP_OBJECT = `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`;

/** Strings that have broken servers before, in any field. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800', // a lone surrogate: not valid UTF-16, not encodable as UTF-8
  '\uDFFF\uD800',
  '\uFEFF',
  '\u202Eevil', // right-to-left override
  'e\u0301', // combining accent
  '👩‍👩‍👧‍👦',
  '\uFFFF\uFFFE',
  '%',
  '%00',
  '%C0%AE%C0%AE/',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  "' OR '1'='1",
  "'; DROP TABLE booking; --",
  '"\\',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '-0',
  '99999999999999999999999999',
  '0x10',
  'true',
  'null',
  '[]',
  '{}',
  // Dates that do not exist or that the calendar code may not expect.
  '2026-02-30',
  '2026-02-29T10:00:00Z',
  '2026-13-01',
  '2026-00-10',
  '0000-00-00',
  '9999-12-31T23:59:59.999Z',
  '275760-09-13T00:00:00.001Z',
  '-000001-01-01T00:00:00Z',
  '2026-03-29T01:30:00+00:00',
  '2026-10-25T01:30:00Europe/London',
  '2026-11-24T24:00:00Z',
  '1970-01-01T00:00:00Z',
  '2026-11-24T10:00:00+99:99',
  'T',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'not-a-uuid',
  'a'.repeat(321),
  'a'.repeat(10_000),
  `${'a'.repeat(64)}@${'b'.repeat(255)}.com`,
];

/** Any string, including odd Unicode and the hostile ones above. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.constant(ONE_MIB.slice(0, 200_000)) },
);

/** A JSON value of the wrong type for almost any field. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2),
  fc.constantFrom([], {}, [null], { length: 1 }, ['a'], [[[[]]]]),
  fc.jsonValue({ maxDepth: 3 }),
  hostileString,
);
