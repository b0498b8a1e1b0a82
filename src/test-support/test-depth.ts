// How hard a run tries (decision 0098). `npm test` is the standard run: every kind of test at
// least once, so nothing goes untested, at a cost that fits the run's budget. `npm run test:deep`
// sets TEST_DEPTH=deep: the same files, repeated by volume where volume is what finds a rare fault
// (fuzz requests, crash rounds, both databases for every integration file).

export type TestDepth = 'standard' | 'deep';

export function testDepth(env: NodeJS.ProcessEnv = process.env): TestDepth {
  const depth = env.TEST_DEPTH ?? 'standard';
  if (depth !== 'standard' && depth !== 'deep')
    throw new Error(`TEST_DEPTH=${depth}: must be standard or deep`);
  return depth;
}

/**
 * A count for this run: the variable when it is set (a replay or a one-off deeper pass), else the
 * depth's own. A value that is not a whole number above zero is refused rather than read as zero,
 * which would silently test nothing.
 */
export function countForDepth(
  variable: string,
  counts: Record<TestDepth, number>,
  env: NodeJS.ProcessEnv = process.env,
): number {
  const set = env[variable];
  if (set === undefined || set === '') return counts[testDepth(env)];
  const value = Number(set);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${variable}=${set}: must be a whole number of at least 1`);
  return value;
}
