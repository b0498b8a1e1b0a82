import { describe, expect, it } from 'vitest';
import { countForDepth, testDepth } from './test-depth';
import { testDatabaseKinds } from './test-database';

const PG = 'postgres://postgres@127.0.0.1:5432/postgres';

describe('how hard a run tries', () => {
  it('is standard unless TEST_DEPTH says deep, and refuses anything else', () => {
    expect(testDepth({})).toBe('standard');
    expect(testDepth({ TEST_DEPTH: 'deep' })).toBe('deep');
    expect(() => testDepth({ TEST_DEPTH: 'deeper' })).toThrow(/must be standard or deep/);
  });

  it("takes the depth's count, or the variable's when it is a whole number above zero", () => {
    const counts = { standard: 40, deep: 2000 };
    expect(countForDepth('FUZZ_RUNS', counts, {})).toBe(40);
    expect(countForDepth('FUZZ_RUNS', counts, { TEST_DEPTH: 'deep' })).toBe(2000);
    expect(countForDepth('FUZZ_RUNS', counts, { FUZZ_RUNS: '7', TEST_DEPTH: 'deep' })).toBe(7);
    for (const bad of ['0', '-3', '1.5', 'many'])
      expect(() => countForDepth('FUZZ_RUNS', counts, { FUZZ_RUNS: bad })).toThrow(
        `FUZZ_RUNS=${bad}: must be a whole number of at least 1`,
      );
  });

  it('runs every integration file once on PostgreSQL, and on both databases only when deep', () => {
    expect(testDatabaseKinds('every', {})).toEqual(['pglite']);
    expect(testDatabaseKinds('one', {})).toEqual(['pglite']);
    expect(testDatabaseKinds('every', { TEST_DATABASE_URL: PG })).toEqual(['postgres']);
    expect(testDatabaseKinds('one', { TEST_DATABASE_URL: PG })).toEqual(['postgres']);
    const deep = { TEST_DATABASE_URL: PG, TEST_DEPTH: 'deep' };
    expect(testDatabaseKinds('every', deep)).toEqual(['pglite', 'postgres']);
    expect(testDatabaseKinds('one', deep)).toEqual(['postgres']);
  });
});
